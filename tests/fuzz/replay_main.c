/*
 * replay_main.c - a main() for the fuzz harnesses without libFuzzer: feeds
 * every file named on the command line (or found in a directory named
 * there) once to LLVMFuzzerTestOneInput.  Built with gcc's ASan and UBSan
 * (mk/fuzz.mk), it replays the corpora and the crashes as
 * regression tests in a second; a sanitizer report or abort() fails it.
 * Prints one line: "replayed N inputs".
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (!f) {
		perror(path);
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n ? (size_t)n : 1);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
		perror(path);
		exit(2);
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, (size_t)n);
	free(buf);
	return 1;
}

static int replay(const char *path)
{
	struct stat st;
	struct dirent **names;
	int i, n, count = 0;

	if (stat(path, &st) != 0) {
		perror(path);
		exit(2);
	}
	if (!S_ISDIR(st.st_mode))
		return replay_file(path);
	n = scandir(path, &names, 0, alphasort);
	for (i = 0; i < n; i++) {
		char sub[4096];

		if (names[i]->d_name[0] != '.') {
			snprintf(sub, sizeof(sub), "%s/%s", path, names[i]->d_name);
			count += replay(sub);
		}
		free(names[i]);
	}
	free(names);
	return count;
}

int main(int argc, char **argv)
{
	int i, count = 0;

	for (i = 1; i < argc; i++)
		count += replay(argv[i]);
	printf("replayed %d inputs\n", count);
	return 0;
}
