/*
 * test_cmdline.c - the command-line parser (kernel/boot/cmdline.c) on the host:
 * good values land, each bad one is reported in the contract's words and
 * leaves its default, and parsing continues after it.
 */
#include "unit.h"
#include "boot/cmdline.h"
#include <string.h>

static char reports[2048];
static int nreports;

static void capture(const char *msg)
{
	strncat(reports, msg, sizeof(reports) - strlen(reports) - 1);
	nreports++;
}

static int parse(struct boot_args *a, const char *text)
{
	static char line[512];

	reports[0] = 0;
	nreports = 0;
	boot_args_defaults(a);
	strncpy(line, text, sizeof(line) - 1);
	return cmdline_parse(a, line, capture);
}

UNIT_TEST(good_arguments_are_stored)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "/boot/nickel.elf policy=o1 demo=nice hogs=4 nice=0,5,10,-20 run=30 stats=500 rr_slice=50"));
	CHECK(strcmp(a.policy, "o1") == 0);
	CHECK(strcmp(a.demo, "nice") == 0);
	CHECK_EQ(4, a.hogs);
	CHECK_EQ(4, a.nr_nice);
	CHECK_EQ(-20, a.nice[3]);
	CHECK_EQ(30, a.run_s);
	CHECK_EQ(500, a.stats_ms);
	CHECK_EQ(50, a.rr_slice);
	CHECK_EQ(0, nreports);
}

UNIT_TEST(bad_policy_is_reported_and_default_kept)
{
	struct boot_args a;

	CHECK_EQ(1, parse(&a, "k policy=bogus hogs=2"));
	CHECK(strstr(reports, "nickel: bad argument 'policy=bogus': must be one of: nick o1 rr mine") != NULL);
	CHECK(strcmp(a.policy, "nick") == 0);
	CHECK_EQ(2, a.hogs);                   /* parsing went on */
}

UNIT_TEST(negative_hogs_unknown_key_and_empty_nice_each_reported)
{
	struct boot_args a;

	CHECK_EQ(3, parse(&a, "k hogs=-3 nosuch=1 nice= run=2"));
	CHECK(strstr(reports, "'hogs=-3': out of range 0..64") != NULL);
	CHECK(strstr(reports, "'nosuch=1': unknown key") != NULL);
	CHECK(strstr(reports, "'nice=': empty value") != NULL);
	CHECK_EQ(-1, a.hogs);
	CHECK_EQ(0, a.nr_nice);
	CHECK_EQ(2, a.run_s);
}

UNIT_TEST(bad_nice_lists_are_rejected_whole)
{
	struct boot_args a;

	CHECK_EQ(1, parse(&a, "k nice=0,5,x"));
	CHECK_EQ(0, a.nr_nice);
	CHECK_EQ(1, parse(&a, "k nice=0,25"));
	CHECK(strstr(reports, "out of range -20..19") != NULL);
	CHECK_EQ(1, parse(&a, "k nice=1,"));
	CHECK_EQ(0, a.nr_nice);
}

UNIT_TEST(words_after_double_dash_become_init_argv)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "k init=xlat -- hogs=4 reqs=300"));
	CHECK(strcmp(a.init, "xlat") == 0);
	CHECK_EQ(2, a.argc);
	CHECK(strcmp(a.argv[0], "hogs=4") == 0);
	CHECK(strcmp(a.argv[1], "reqs=300") == 0);
	CHECK_EQ(-1, a.hogs);                  /* not a kernel argument */
}

UNIT_TEST(word_without_equals_is_reported_unless_it_is_the_file_name)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "/boot/nickel.elf"));
	CHECK_EQ(1, parse(&a, "policy=rr quiet"));
	CHECK(strstr(reports, "'quiet': expected KEY=VALUE") != NULL);
	CHECK(strcmp(a.policy, "rr") == 0);
}

UNIT_TEST(overflowing_number_is_not_a_number)
{
	struct boot_args a;

	CHECK_EQ(1, parse(&a, "k run=99999999999999"));
	CHECK_EQ(0, a.run_s);
}

UNIT_TEST(apic_interface_choice_and_bad_value)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "policy=nick"));
	CHECK(strcmp(a.apic, "auto") == 0);
	CHECK_EQ(0, parse(&a, "apic=x2"));
	CHECK(strcmp(a.apic, "x2") == 0);
	CHECK_EQ(0, parse(&a, "apic=xapic"));
	CHECK(strcmp(a.apic, "xapic") == 0);
	CHECK_EQ(1, parse(&a, "apic=x2apic run=3"));
	CHECK(strcmp(reports, "nickel: bad argument 'apic=x2apic': must be one of: auto x2 xapic\n") == 0);
	CHECK(strcmp(a.apic, "auto") == 0);
	CHECK_EQ(3, a.run_s);
}

UNIT_TEST(reboot_is_0_or_1)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "run=1"));
	CHECK_EQ(0, a.reboot);
	CHECK_EQ(0, parse(&a, "reboot=1"));
	CHECK_EQ(1, a.reboot);
	CHECK_EQ(1, parse(&a, "reboot=2"));
	CHECK(strcmp(reports, "nickel: bad argument 'reboot=2': out of range 0..1\n") == 0);
	CHECK_EQ(0, a.reboot);
}

UNIT_TEST(smp_defaults_on_takes_off_and_rejects_other_values)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "k run=1"));
	CHECK(strcmp(a.smp, "on") == 0);
	CHECK_EQ(0, parse(&a, "k smp=off"));
	CHECK(strcmp(a.smp, "off") == 0);
	CHECK_EQ(1, parse(&a, "k smp=1"));
	CHECK(strstr(reports, "nickel: bad argument 'smp=1': must be one of: on off") != NULL);
	CHECK(strcmp(a.smp, "on") == 0);
}

UNIT_TEST(smpboot_defaults_parallel_takes_serial_and_rejects_other_values)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "k run=1"));
	CHECK(strcmp(a.smpboot, "parallel") == 0);
	CHECK_EQ(0, parse(&a, "k smpboot=serial"));
	CHECK(strcmp(a.smpboot, "serial") == 0);
	CHECK_EQ(0, parse(&a, "k smpboot=silent1"));
	CHECK(strcmp(a.smpboot, "silent1") == 0);
	CHECK_EQ(1, parse(&a, "k smpboot=fast"));
	CHECK(strstr(reports, "nickel: bad argument 'smpboot=fast': must be one of: "
		     "parallel serial silent1") != NULL);
	CHECK(strcmp(a.smpboot, "parallel") == 0);
}

UNIT_TEST(panel_copies_to_serial_only_when_asked)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "k run=2"));
	CHECK(strcmp(a.panel, "screen") == 0);
	CHECK_EQ(0, parse(&a, "k panel=serial"));
	CHECK(strcmp(a.panel, "serial") == 0);
	CHECK_EQ(1, parse(&a, "k panel=vga"));
	CHECK(strstr(reports, "nickel: bad argument 'panel=vga': must be one of: screen serial") != NULL);
	CHECK(strcmp(a.panel, "screen") == 0);
}

/* ipc=: how an IPC call schedules (docs/scheduler.md section 11). */
UNIT_TEST(ipc_mode_default_good_and_bad)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "k"));
	CHECK(strcmp(a.ipc, "queue") == 0);
	CHECK_EQ(0, parse(&a, "k ipc=handoff"));
	CHECK(strcmp(a.ipc, "handoff") == 0);
	CHECK_EQ(0, parse(&a, "k ipc=donate"));
	CHECK(strcmp(a.ipc, "donate") == 0);
	CHECK_EQ(1, parse(&a, "k ipc=fast hogs=3"));
	CHECK(strcmp(a.ipc, "queue") == 0);
	CHECK_EQ(3, a.hogs);
	CHECK(strstr(reports, "bad argument 'ipc=fast': must be one of: queue handoff donate") != NULL);
}

/* xipc=1 is the kernel's (make run XIPC=1): the words after "--" stay the
 * launcher's own, kernel/demo/desktop.c adds xipc=1 to them. */
UNIT_TEST(xipc_is_a_kernel_key_and_leaves_init_argv_alone)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "k demo=desktop xipc=1 ipc=donate -- hogs=2"));
	CHECK_EQ(1, a.xipc);
	CHECK(strcmp(a.ipc, "donate") == 0);
	CHECK_EQ(1, a.argc);
	CHECK(strcmp(a.argv[0], "hogs=2") == 0);
	CHECK_EQ(1, parse(&a, "k xipc=2"));
	CHECK(strstr(reports, "bad argument 'xipc=2': out of range 0..1") != NULL);
	CHECK_EQ(0, a.xipc);
}

/* kcov=: the coverage kernel's PC map printed at power-off (make coverage). */
UNIT_TEST(kcov_default_off_all_and_a_bad_value)
{
	struct boot_args a;

	CHECK_EQ(0, parse(&a, "k"));
	CHECK(strcmp(a.kcov, "off") == 0);
	CHECK_EQ(0, parse(&a, "k kcov=all"));
	CHECK(strcmp(a.kcov, "all") == 0);
	CHECK_EQ(1, parse(&a, "k kcov=yes hogs=3"));
	CHECK(strcmp(a.kcov, "off") == 0);
	CHECK_EQ(3, a.hogs);
	CHECK(strstr(reports, "nickel: bad argument 'kcov=yes': must be one of: off all") != NULL);
}
