/*
 * fuzz.c - demo=fuzz seed=N: the `fuzz` module (user/fuzz.c) runs as init
 * with seed=N and the words after "--" (batches=, calls_per_batch=, ...).
 * As init it gets the orphans its batches leave, and its exit ends the
 * run with the final stat dump and power-off (docs/robustness.md).
 */
#include "demo/demo.h"
#include "boot/cmdline.h"
#include "proc/proc.h"
#include "console/printk.h"
#include "proc/abi.h"
#include "lib/string.h"

void demo_fuzz_start(void)
{
	char seed[24], *argv[MAX_INIT_ARGS + 1];
	int i, pid;

	snprintf(seed, sizeof(seed), "seed=%d", boot_args.seed);
	argv[0] = seed;
	for (i = 0; i < boot_args.argc && i < MAX_INIT_ARGS; i++)
		argv[i + 1] = boot_args.argv[i];
	pid = proc_start_init("fuzz", i + 1, argv);
	if (pid < 0)
		printk("nickel: demo fuzz: %s\n", pid == -ENOENT ?
		       "the fuzz module is not loaded" : "out of memory");
	else
		printk("nickel: demo fuzz: pid %d seed=%d\n", pid, boot_args.seed);
}
