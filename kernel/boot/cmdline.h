/*
 * cmdline.h - the kernel command line (contract.md, "Kernel command line").
 *
 * `key=value` words, checked against a table.  A bad word is reported as
 *     nickel: bad argument 'KEY=VALUE': why
 * and leaves that setting at its default; parsing goes on.  Words after
 * `--` are init's argv[1..].  Portable: tests/unit/test_cmdline.c.
 */
#ifndef NICKEL_CMDLINE_H
#define NICKEL_CMDLINE_H

#define MAX_NICE_LIST 16
#define MAX_INIT_ARGS 16

struct boot_args {
	char policy[8];          /* nick | o1 | rr | mine | cfs | eevdf | starve */
	char demo[16];           /* desktop | hogs | nice | compile | abuse | fuzz | none */
	int hogs;                /* -1: the demo's default */
	int nice[MAX_NICE_LIST];
	int nr_nice;
	int run_s;               /* power off after this many seconds; 0 = never */
	int stats_ms;            /* periodic stat dump; 0 = off */
	int trace;
	char init[32];
	int rr_slice;            /* ms */
	int cache_decay;         /* ticks; -1 = from CPUID */
	int watchdog_ms;         /* the scheduler's watchdog (ms); 0 = off */
	char crash[8];           /* ud pf gp de: fault now; hang late pages: from kinit */
	int check;               /* self-checks */
	int selftest;            /* run the boot self-tests (pmm, heap) */
	int bench;               /* measure the scheduler, then power off */
	int max_tasks;
	int pin;                 /* hogs/nice demos: every hog on this CPU; -1 = free */
	char mmap[8];            /* "ignore": boot as if there were no memory map */
	int seed;                /* demo=fuzz: the fuzzer's seed (default 1) */
	char apic[8];            /* auto | x2 | xapic: the local APIC's interface */
	int reboot;              /* a healthy end restarts the machine, not off */
	int busyhost;            /* act out a busy host: late ticks, stalls (docs/time.md) */
	int dumpdelay;           /* ms a stat dump waits after its cpu rows (a test's fault) */
	char smp[4];             /* "off": 1 CPU with the 8259 PIC, no APIC */
	char smpboot[12];        /* parallel | serial | silent1: how the APs start */
	char panel[8];           /* "serial": the `v` panel's rows also go to serial (tests) */
	char ipc[8];             /* queue | handoff | donate: how an IPC call schedules */
	int xipc;                /* demo=desktop: its clients call the X server over IPC */
	char kcov[4];            /* off | all: print the coverage kernel's PC map at power-off */
	int argc;                /* init's argv after "--" */
	char *argv[MAX_INIT_ARGS];
};

extern struct boot_args boot_args;

typedef void (*cmdline_report_fn)(const char *msg);

void boot_args_defaults(struct boot_args *a);
/* Parse `line` (modified in place: words are cut out of it). Returns the
 * number of bad arguments reported. */
int cmdline_parse(struct boot_args *a, char *line, cmdline_report_fn report);
#endif
