/*
 * unit.h - nickel's tiny host unit-test runner.
 *
 * A test file defines tests with UNIT_TEST(name) { ... } and is linked with
 * unit_main.c.  Each test prints one line:
 *     PASS unit/<file>:<name>
 *     FAIL unit/<file>:<name>: <reason>
 * and the binary exits 1 when any test failed.  tests/run.py collects the
 * lines from every unit binary and every QEMU scenario.
 *
 * Checks:
 *   CHECK(cond)                 plain condition
 *   CHECK_EQ(expected, actual)  integers; prints both on failure
 *   CHECK_NEAR(exp, act, tol)   doubles within an absolute tolerance
 *   unit_table_*()              expected-vs-actual table for numeric tests
 *                               (printed only when a row is out of tolerance)
 */
#ifndef NICKEL_UNIT_H
#define NICKEL_UNIT_H

#include <stdio.h>

struct unit_test {
	const char *name;
	const char *file;
	void (*fn)(void);
	struct unit_test *next;
};

void unit_register(struct unit_test *t);
void unit_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int unit_failed_now(void);

#define UNIT_TEST(tname)                                                   \
	static void unit_fn_##tname(void);                                 \
	static struct unit_test unit_t_##tname = {                         \
		#tname, __FILE__, unit_fn_##tname, 0 };                    \
	__attribute__((constructor)) static void unit_reg_##tname(void)    \
	{ unit_register(&unit_t_##tname); }                                \
	static void unit_fn_##tname(void)

#define CHECK(cond)                                                        \
	do { if (!(cond)) {                                                \
		unit_fail(__FILE__, __LINE__, "check failed: %s", #cond);  \
		return; } } while (0)

#define CHECK_EQ(expected, actual)                                         \
	do { long long e_ = (long long)(expected);                         \
	     long long a_ = (long long)(actual);                           \
	     if (e_ != a_) {                                               \
		unit_fail(__FILE__, __LINE__, "%s: expected %lld, got %lld",\
			  #actual, e_, a_);                                 \
		return; } } while (0)

#define CHECK_NEAR(expected, actual, tol)                                  \
	do { double e_ = (expected), a_ = (actual);                        \
	     if (e_ - a_ > (tol) || a_ - e_ > (tol)) {                     \
		unit_fail(__FILE__, __LINE__,                              \
			  "%s: expected %.3f +- %.3f, got %.3f",           \
			  #actual, e_, (double)(tol), a_);                  \
		return; } } while (0)

/*
 * Expected-vs-actual table (in the manner of Pintos's MLFQS tests):
 *     struct unit_table t;
 *     unit_table_begin(&t, "nick shares, nice 0,5,10,19", 1.0);
 *     unit_table_row(&t, "nice 0", 63.7, measured0);
 *     ...
 *     unit_table_end(&t);   // fails the test, printing the table, if any
 *                           // row differs by more than the tolerance
 */
struct unit_table {
	const char *title;
	double tolerance;
	int rows, bad;
	char label[32][32];
	double expected[32], actual[32];
};

void unit_table_begin(struct unit_table *t, const char *title, double tol);
void unit_table_row(struct unit_table *t, const char *label,
		    double expected, double actual);
int unit_table_end_at(struct unit_table *t, const char *file, int line);
#define unit_table_end(t)                                                  \
	do { if (!unit_table_end_at((t), __FILE__, __LINE__)) return; } while (0)

#endif
