/* unit_main.c - runs every UNIT_TEST linked into this binary, or the ones
 * named on the command line (see unit.h). */
#include "unit.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static struct unit_test *first, **last = &first;
static int current_failed;
static struct unit_test *current_test;

void unit_register(struct unit_test *t)
{
	*last = t;            /* keep file order: constructors run in order */
	last = &t->next;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	return name;
}

void unit_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (current_failed)
		return;  /* report the first failure of a test only */
	current_failed = 1;
	printf("FAIL unit/%s:%s: ", base_name(current_test->file),
	       current_test->name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(" (%s:%d)\n", base_name(file), line);
}

int unit_failed_now(void)
{
	return current_failed;
}

void unit_table_begin(struct unit_table *t, const char *title, double tol)
{
	memset(t, 0, sizeof(*t));
	t->title = title;
	t->tolerance = tol;
}

void unit_table_row(struct unit_table *t, const char *label,
		    double expected, double actual)
{
	int i = t->rows;

	if (i >= 32)
		return;
	snprintf(t->label[i], sizeof(t->label[i]), "%s", label);
	t->expected[i] = expected;
	t->actual[i] = actual;
	if (expected - actual > t->tolerance || actual - expected > t->tolerance)
		t->bad++;
	t->rows++;
}

int unit_table_end_at(struct unit_table *t, const char *file, int line)
{
	int i;

	if (!t->bad)
		return 1;
	unit_fail(file, line, "%s: %d of %d rows outside +-%.2f",
		  t->title, t->bad, t->rows, t->tolerance);
	printf("    %-20s %10s %10s %8s\n", "row", "expected", "actual", "diff");
	for (i = 0; i < t->rows; i++) {
		double d = t->actual[i] - t->expected[i];
		int bad = d > t->tolerance || -d > t->tolerance;
		printf("    %-20s %10.2f %10.2f %+8.2f%s\n", t->label[i],
		       t->expected[i], t->actual[i], d, bad ? "  <<" : "");
	}
	return 0;
}

/* Is t one of the tests named on the command line (all when none)? */
static int selected(struct unit_test *t, int argc, char **argv)
{
	int i;

	if (argc < 2)
		return 1;
	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], t->name) == 0)
			return 1;
	return 0;
}

/* Is every name on the command line a test of this binary? */
static int names_known(int argc, char **argv)
{
	struct unit_test *t;
	int i;

	for (i = 1; i < argc; i++) {
		for (t = first; t && strcmp(argv[i], t->name) != 0; t = t->next)
			;
		if (!t) {
			fprintf(stderr, "%s: no test named %s\n", argv[0], argv[i]);
			return 0;
		}
	}
	return 1;
}

/* test_X [NAME ...]: every test, or only the named ones (tools/grade runs
 * each graded test in a process of its own). */
int main(int argc, char **argv)
{
	struct unit_test *t;
	int failed = 0;

	if (!names_known(argc, argv))
		return 2;
	for (t = first; t; t = t->next) {
		if (!selected(t, argc, argv))
			continue;
		current_failed = 0;
		current_test = t;
		t->fn();
		if (!current_failed)
			printf("PASS unit/%s:%s\n", base_name(t->file), t->name);
		fflush(stdout);
		failed += current_failed;
	}
	return failed ? 1 : 0;
}
