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
/* xserver plus `clients` copies of client_prog, wired with pipes. */
int lab_start_x(struct lab_x *x, int clients, long seconds, int xnice,
		const char *client_prog);
void lab_kill(long pid);
void lab_kill_x(const struct lab_x *x);
#endif
