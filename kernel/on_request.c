/*
 * on_request.c - the one table through which the kernel reaches the demos,
 * the crash triggers, the self-tests and the benchmark (on_request.h).
 */
#include "on_request.h"
#include "demo/demo.h"
#include "selftest/selftest.h"
#include "selftest/crash.h"
#include "selftest/bench.h"

static void threaded_self_tests(void)
{
	selftest_wait();
	selftest_refs();
}

const struct on_request on_request = {
	.crash_at_boot = crash_on_purpose,
	.crash_late = crash_late_start,
	.self_tests = threaded_self_tests,
	.bench = bench_scheduler,
	.demo_start = demo_start,
	.add_hog = demo_add_hog,
	.remove_hog = demo_remove_hog,
};
