/*
 * graded.h - checks for the labs' graded host tests (labs/<lab>/test_*.c).
 *
 * A graded test is a UNIT_TEST (tests/unit/unit.h) whose checks are
 * GRADE_EQ / GRADE_NEAR instead of CHECK_EQ.  Each check prints one line
 * that tools/grade reads, before the test's own PASS or FAIL line:
 *
 *     EXPECT ok expected=473 actual=473 tolerance=0: p.sleep_avg after ...
 *     EXPECT bad expected=2 actual=1 tolerance=0: p.total_time after ...
 *     EXPECT ok expected=80 actual=79 tolerance=0 relation=<=: slice left ...
 *
 * GRADE_EQ and GRADE_NEAR: |actual - expected| <= tolerance.  GRADE_AT_MOST
 * and GRADE_AT_LEAST: a bound (relation <= or >=), for targets any correct
 * design meets (lab mine).
 * The first bad check ends the test (as CHECK_EQ does) with a FAIL line.
 * `what` says what was measured, in words a student can look up.
 */
#ifndef NICKEL_LABS_GRADED_H
#define NICKEL_LABS_GRADED_H

#include <stdio.h>
#include "unit.h"

/* Does actual meet expected under relation "=" (within tolerance), "<="
 * or ">="? */
static inline int graded_holds(const char *relation, double expected,
			       double actual, double tolerance)
{
	double diff = actual - expected;

	if (relation[0] == '<')
		return actual <= expected;
	if (relation[0] == '>')
		return actual >= expected;
	return diff <= tolerance && -diff <= tolerance;
}

/* Prints the EXPECT line; false (and the test's FAIL line) when off. */
static inline int graded_check(const char *file, int line, const char *what,
			       const char *relation, double expected, double actual,
			       double tolerance)
{
	int ok = graded_holds(relation, expected, actual, tolerance);

	printf("EXPECT %s expected=%.12g actual=%.12g tolerance=%.12g%s%s: %s\n",
	       ok ? "ok" : "bad", expected, actual, tolerance,
	       relation[0] == '=' ? "" : " relation=", relation[0] == '=' ? "" : relation,
	       what);
	if (!ok)
		unit_fail(file, line, "%s: expected %s %.12g (+- %.12g), got %.12g",
			  what, relation, expected, tolerance, actual);
	return ok;
}

#define GRADE_CHECK(what, relation, expected, actual, tolerance)           \
	do { if (!graded_check(__FILE__, __LINE__, (what), (relation),      \
			       (double)(expected), (double)(actual),        \
			       (double)(tolerance)))                        \
		return; } while (0)

#define GRADE_NEAR(what, expected, actual, tolerance)                      \
	GRADE_CHECK(what, "=", expected, actual, tolerance)
#define GRADE_AT_MOST(what, bound, actual) GRADE_CHECK(what, "<=", bound, actual, 0)
#define GRADE_AT_LEAST(what, bound, actual) GRADE_CHECK(what, ">=", bound, actual, 0)

#define GRADE_EQ(what, expected, actual) GRADE_NEAR(what, expected, actual, 0)

#endif
