/* start.c - demo=NAME: which demo kinit starts (docs/contract.md). */
#include "demo/demo.h"
#include "lib/string.h"
#include "console/printk.h"
#include "boot/cmdline.h"

void demo_start(const char *name)
{
	if (boot_args.xipc && strcmp(name, "desktop"))
		printk("nickel: xipc=1 is for demo=desktop (init=desktop takes it "
		       "after --): ignored\n");
	if (!strcmp(name, "none"))
		return;
	if (!strcmp(name, "nice"))
		demo_nice_start();
	else if (!strcmp(name, "storm"))
		demo_storm_start();
	else if (!strcmp(name, "desktop") || !strcmp(name, "compile"))
		demo_lab_start(name);
	else if (!strcmp(name, "fuzz"))
		demo_fuzz_start();
	else if (!strcmp(name, "abuse"))
		demo_abuse_start();
	else if (!strcmp(name, "hogs") || !name[0])
		demo_hogs_start();
	else
		printk("nickel: demo %s is not built yet; running none\n", name);
}
