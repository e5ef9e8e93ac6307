/*
 * launch.c - starting the lab's programs from a launcher (desktop,
 * compiledemo).  Each program is its own module, started with execve, so
 * the stat dump names it (name=xserver ...).  On nickel a module is found by
 * its basename without .elf; on Linux by path: the launcher takes both from
 * its own argv[0] (build/user/desktop.elf -> build/user/NAME.elf).
 */
#include <stdio.h>
#include <string.h>
#include "nickel.h"
#include "lab.h"
#include "launch.h"

static char prefix[128], suffix[8];

void lab_launch_init(const char *argv0)
{
	const char *slash = strrchr(argv0, '/');
	size_t len = strlen(argv0);

	if (slash && (size_t)(slash - argv0) + 1 < sizeof(prefix)) {
		memcpy(prefix, argv0, (size_t)(slash - argv0) + 1);
		prefix[slash - argv0 + 1] = 0;
	}
	if (len > 4 && !strcmp(argv0 + len - 4, ".elf"))
		strcpy(suffix, ".elf");
}

/* fork + execve NAME with argv (NULL-terminated, argv[0] filled in here).
 * Returns the child's pid, or -1 after printing why. */
long lab_spawn(const char *name, char **args)
{
	static char *envp[] = { 0 };
	char path[160];
	char *argv[LAB_MAX_ARGS + 2];
	int i;

	snprintf(path, sizeof(path), "%s%s%s", prefix, name, suffix);
	argv[0] = (char *)name;
	for (i = 0; args && args[i] && i < LAB_MAX_ARGS; i++)
		argv[i + 1] = args[i];
	argv[i + 1] = 0;
	long pid = sys_fork();
	if (pid < 0) {
		nk_printf("launch: fork for %s: %ld\n", name, pid);
		return -1;
	}
	if (pid == 0) {
		long r = sys_execve(path, argv, envp);
		if (r == -LNX_ENOEXEC) {
			/* A Linux host without i386 support: we are under
			 * qemu-i386 ourselves, so run the program the same way. */
			char *qargv[LAB_MAX_ARGS + 4] = { "qemu-i386", path };
			for (int j = 1; argv[j]; j++)
				qargv[j + 1] = argv[j];
			r = sys_execve("/usr/bin/qemu-i386", qargv, envp);
		}
		nk_printf("launch: execve %s: %ld (is it passed as a module?)\n", path, r);
		sys_exit_group(127);
	}
	return pid;
}

/* Format "key=value" into a small static pool (args live until exec). */
char *lab_kv(const char *key, long value)
{
	static char pool[64][24];
	static int next;
	char *s = pool[next++ % 64];
	snprintf(s, sizeof(pool[0]), "%s=%ld", key, value);
	return s;
}

static int xipc_next_ep;   /* 0: pipes; else the next X server's IPC endpoint */

void lab_use_xipc(int on)
{
	xipc_next_ep = on ? 1 : 0;
}

int lab_start_x(struct lab_x *x, int clients, long seconds, int xnice,
		const char *client_prog)
{
	long ep = xipc_next_ep ? xipc_next_ep++ : -1;   /* -1: the pipes */
	int req[2], rep[LAB_MAX_CLIENTS][2];
	char reps[64] = "reps=";

	if (clients > LAB_MAX_CLIENTS)
		clients = LAB_MAX_CLIENTS;
	if (sys_pipe(req) < 0)
		return -1;
	for (int i = 0; i < clients; i++) {
		if (sys_pipe(rep[i]) < 0)
			return -1;
		snprintf(reps + strlen(reps), sizeof(reps) - strlen(reps), "%s%d",
			 i ? "," : "", rep[i][1]);
	}
	/* The server outlives the clients by a little, so no client sees it go. */
	char *sargs[] = { lab_kv("req", req[0]), reps, lab_kv("seconds", seconds + 1),
			  lab_kv("nice", xnice), lab_kv("cal_ns", (long)lab_cal_ns()),
			  "linger=1", lab_kv("ep", ep), 0 };
	x->server = lab_spawn("xserver", sargs);
	for (int i = 0; i < clients; i++) {
		char *cargs[] = { lab_kv("req", req[1]), lab_kv("rep", rep[i][0]),
				  lab_kv("id", i), lab_kv("seconds", seconds),
				  "linger=1", lab_kv("ep", ep), 0 };
		x->client[i] = lab_spawn(client_prog, cargs);
	}
	x->clients = clients;
	return x->server < 0 ? -1 : 0;
}

long lab_run_seconds(long seconds)
{
	return seconds > 0 ? seconds : LAB_FOREVER_S;
}

/* A second past the measuring programs' end, so their final reports are in
 * before the final dump; with seconds=0, forever (they report every 250 ms,
 * so a stat dump always has fresh lat lines). */
void lab_wait_end(long seconds)
{
	if (seconds > 0) {
		nk_sleep_ms(seconds * 1000 + 1000);
		return;
	}
	for (;;)
		nk_sleep_ms(60000);
}

void lab_kill(long pid)
{
	if (pid > 0)
		sys_kill((int)pid, LNX_SIGKILL);
}

/* Not reaped: a killed task stays listed (state Z) with its lat line. */
void lab_kill_x(const struct lab_x *x)
{
	lab_kill(x->server);
	for (int i = 0; i < x->clients; i++)
		lab_kill(x->client[i]);
}
