/*
 * desktop.c - demo=desktop and demo=compile: the lab's launcher, `desktop`
 * (resp. `compiledemo`), runs as init with
 *     hogs=0 [the words after "--"] seconds=RUN
 * (the launcher takes the first of a repeated key: hogs=0 always wins, a
 * seconds= after "--" beats run=).  RUN is run=S, or 0 without run=: the
 * launcher's "until powered off".  The hogs are the kernel's own (hogs.c,
 * ring-3 `hog` processes when that module is loaded), so keys + and - add
 * and remove them live: hogs=N of them (default 2) under the desktop, none
 * under compile unless hogs=N is given.  The kernel's xipc=1 becomes the
 * desktop's xipc=1 after the words after "--" (so that those win): its
 * clients call the X server over IPC, scheduled as ipc= says.  With a
 * module missing, each one is named and nothing runs; boot goes on.
 */
#include "demo/demo.h"
#include "boot/cmdline.h"
#include "proc/proc.h"
#include "boot/module.h"
#include "console/printk.h"
#include "wait.h"
#include "proc/abi.h"
#include "lib/string.h"

/* The launcher calibrates its CPU work for 300 ms on start-up: the hogs
 * come after that, so that "1 ms of work" is 1 ms of an idle CPU. */
#define CALIBRATION_MS 500

static const char *const desktop_needs[] = {
	"desktop", "xserver", "xclient", "audio", "video", 0 };
static const char *const compile_needs[] = {
	"compiledemo", "xserver", "xclient", "compile", 0 };

/* Print each missing module; returns how many were missing. */
static int report_missing(const char *demo, const char *const *needs)
{
	int missing = 0;

	for (; *needs; needs++)
		if (!module_find(*needs)) {
			printk("nickel: demo %s: module %s is not loaded\n", demo, *needs);
			missing++;
		}
	return missing;
}

/* Start the launcher as init; its pid, or -errno. */
static int start_launcher(const char *name, int xipc)
{
	static char hogs0[] = "hogs=0", xipc1[] = "xipc=1";
	static char secs[24];
	char *argv[MAX_INIT_ARGS + 3];
	int i, argc = 0;

	argv[argc++] = hogs0;
	for (i = 0; i < boot_args.argc && i < MAX_INIT_ARGS; i++)
		argv[argc++] = boot_args.argv[i];
	if (xipc)
		argv[argc++] = xipc1;
	snprintf(secs, sizeof(secs), "seconds=%d", boot_args.run_s);
	argv[argc++] = secs;
	return proc_start_init(name, argc, argv);
}

void demo_lab_start(const char *demo)
{
	int compile = !strcmp(demo, "compile");
	const char *const *needs = compile ? compile_needs : desktop_needs;
	int pid;

	if (boot_args.init[0]) {
		printk("nickel: demo %s: init=%s already runs as init; running none\n",
		       demo, boot_args.init);
		return;
	}
	if (report_missing(demo, needs)) {
		printk("nickel: demo %s: running none\n", demo);
		return;
	}
	pid = start_launcher(needs[0], !compile && boot_args.xipc);
	if (pid < 0) {
		printk("nickel: demo %s: out of memory\n", demo);
		return;
	}
	printk("nickel: demo %s: %s pid %d\n", demo, needs[0], pid);
	if (compile && boot_args.hogs < 0)
		return;                        /* + still adds hogs later */
	sleep_ms(CALIBRATION_MS);
	demo_hogs_start();
}
