/*
 * abuse.c - demo=abuse: the tick-sampling cheat (user/cheat.c) against
 * hogs=N honest hogs (default 1), to show what a tick-driven scheduler can
 * be fooled into (docs/lab.md, Exercise 5).  The words after "--" go to
 * cheat (e.g. `-- burn_us=800`); it runs until power-off, reporting its
 * real CPU share once a second.  With a module missing, each one is named
 * and nothing runs; boot goes on.
 */
#include "demo/demo.h"
#include "boot/cmdline.h"
#include "proc/proc.h"
#include "boot/module.h"
#include "console/printk.h"

void demo_abuse_start(void)
{
	int i, pid, hogs = boot_args.hogs >= 0 ? boot_args.hogs : 1;

	if (!module_find("cheat") || !module_find("hog")) {
		printk("nickel: demo abuse: needs modules cheat and hog; running none\n");
		return;
	}
	pid = proc_spawn("cheat", boot_args.argc, boot_args.argv, 0);
	if (pid < 0) {
		printk("nickel: demo abuse: could not start cheat\n");
		return;
	}
	for (i = 0; i < hogs; i++)
		demo_add_hog(0);
	printk("nickel: demo abuse: cheat pid %d against %d hogs\n", pid, hogs);
}
