/* hello: the smallest ring-3 program; prints its argv and environment size. */
#include <stdio.h>
#include <stdlib.h>

extern char **environ;

int main(int argc, char **argv)
{
	int n = 0;
	while (environ && environ[n])
		n++;
	printf("hello from ring 3: argc=%d", argc);
	for (int i = 0; i < argc; i++)
		printf(" argv[%d]=%s", i, argv[i]);
	printf(" envc=%d\n", n);
	return 0;
}
