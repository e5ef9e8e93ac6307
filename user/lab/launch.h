/* launch.h - starting lab programs from desktop/compiledemo (launch.c). */
#ifndef NICKEL_LAUNCH_H
#define NICKEL_LAUNCH_H
#define LAB_MAX_ARGS 16
#define LAB_MAX_CLIENTS 4

struct lab_x {
	long server, client[LAB_MAX_CLIENTS];
	int clients;
};

void lab_launch_init(const char *argv0);
long lab_spawn(const char *name, char **args);
char *lab_kv(const char *key, long value);
/* xserver plus `clients` copies of client_prog, wired with pipes, or
 * after lab_use_xipc(1) each X server on an IPC endpoint of its own. */
void lab_use_xipc(int on);
int lab_start_x(struct lab_x *x, int clients, long seconds, int xnice,
		const char *client_prog);
/* seconds=0 asks for "until powered off": the measuring programs then get
 * LAB_FOREVER_S (a year) and the launcher never returns from lab_wait_end. */
#define LAB_FOREVER_S (365L * 24 * 3600)
long lab_run_seconds(long seconds);
void lab_wait_end(long seconds);
void lab_kill(long pid);
void lab_kill_x(const struct lab_x *x);
#endif
