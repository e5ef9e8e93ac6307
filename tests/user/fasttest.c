/*
 * fasttest - the IPC fast path (ipc=direct, kernel/ipc/fastpath.c), as
 * init under QEMU (tests/scenarios/ipc_direct.py).  Each case serves its own
 * endpoint, so that the trace's `nickel_ipc: direct ep=N` events say which
 * cases went straight from caller to server and back:
 *
 *   ep 1  simple    empty messages, no timeout: the fast path both ways
 *   ep 2  timeout   the call and the server's receive have timeouts
 *   ep 3  long      every message carries a buffer
 *   ep 4  prio      client and server at nice 19 while a nice-0 task
 *                   waits on the CPU (each wakes it before its call or reply)
 *   ep 5  othercpu  (cpus=2) server pinned to CPU 1, client to CPU 0
 *   ep 6  words     the message in registers (ipc.h, the words form): a
 *                   words server; the client's odd calls in registers,
 *                   its even ones by pointer (the forms meet: a pointer
 *                   message reaches the words server cut to three words,
 *                   a words reply reaches a pointer caller with w[3] = 0)
 *
 * Every case checks every reply's words, length and bytes against what the
 * server must have sent: the same checks pass under any ipc= mode.
 * Prints "PASS fasttest:NAME" or "FAIL fasttest:NAME: expected E, got A".
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "nickel.h"
#include "ipc.h"
#define HELPERS_NAME "fasttest"
#include "ipc_helpers.h"

#define ROUNDS   20
#define STOP     0xDEADu
#define LONG_LEN 16

/* Run on CPU cpu only (-1: anywhere). */
static void pin(int cpu)
{
	unsigned long mask = 1ul << cpu;

	if (cpu >= 0)
		sys_sched_setaffinity(0, sizeof(mask), &mask);
}

/* One case's shape: timeouts (0: none), buffer bytes, nice, CPU. */
struct shape {
	const char *name;
	int ep;
	unsigned timeout_ms;
	uint32_t len;
	int nice;
	int server_cpu, client_cpu;     /* -1: anywhere */
	bool bystander;                 /* a nice-0 sleeper woken before each call */
	bool words;                     /* serve_words and client_words */
};

/* The case being run (fork_server's body takes two ints). */
static const struct shape *shape;

/* The server: w0+1, w1 = calls served, w3 = ~w3, the buffer reversed
 * (a byte to wake_fd before each reply, if >= 0). */
static int serve(int ep, int wake_fd)
{
	static uint8_t inbuf[IPC_BUF_MAX], outbuf[IPC_BUF_MAX];
	const struct shape *s = shape;
	struct ipc_msg in = { .cap = sizeof(inbuf), .buf = inbuf };
	struct ipc_msg out = { .buf = outbuf };
	long caller;
	uint32_t i, served = 0;

	pin(s->server_cpu);
	if (s->nice)
		sys_nice(s->nice);
	caller = ipc_recv(ep, &in, s->timeout_ms);
	while (caller > 0) {
		out.w[0] = in.w[0] + 1;
		out.w[1] = ++served;
		out.w[3] = ~in.w[3];
		out.len = in.len;
		for (i = 0; i < in.len && i < IPC_BUF_MAX; i++)
			outbuf[i] = inbuf[in.len - 1 - i];
		if (in.w[0] == STOP)
			return ipc_reply((int)caller, &out) == 0 ? 0 : 1;
		in.cap = sizeof(inbuf);
		if (wake_fd >= 0)
			put_byte(wake_fd, 'w');
		caller = ipc_reply_recv(ep, (int)caller, &out, &in, s->timeout_ms);
	}
	return 2;
}

/* The client: ROUNDS calls, then STOP (a byte to wake_fd first, if >= 0).
 * Returns the rounds whose reply was exactly right (return value 0, words,
 * length, bytes). */
static int client(const struct shape *s, int wake_fd)
{
	uint8_t out[LONG_LEN], back[LONG_LEN];
	struct ipc_msg m = { .len = s->len, .buf = out };
	struct ipc_msg r = { .cap = sizeof(back), .buf = back };
	int round, i, right = 0;

	for (i = 0; i < LONG_LEN; i++)
		out[i] = (uint8_t)(3 * i + 1);
	for (round = 1; round <= ROUNDS + 1; round++) {
		int ok;

		m.w[0] = round > ROUNDS ? STOP : (uint32_t)round * 10;
		m.w[3] = (uint32_t)round * 7;
		memset(back, 0, sizeof(back));
		if (wake_fd >= 0)
			put_byte(wake_fd, 'w');
		ok = ipc_call(s->ep, &m, &r, s->timeout_ms) == 0 && r.w[0] == m.w[0] + 1 &&
		     r.w[1] == (uint32_t)round && r.w[3] == ~m.w[3] && r.len == s->len;
		for (i = 0; ok && i < (int)s->len; i++)
			ok = back[i] == out[s->len - 1 - i];
		right += ok && round <= ROUNDS;
	}
	return right;
}

/* The words server: w0+1, w1 = calls served, w2 = ~w2, all in registers. */
static int serve_words(int ep, int wake_fd)
{
	uint32_t w[IPC_REG_WORDS] = { 0 }, served = 0;
	long caller = ipc_reply_recv_words(ep, 0, w);

	(void)wake_fd;
	while (caller > 0 && w[0] != STOP) {
		w[0] += 1;
		w[1] = ++served;
		w[2] = ~w[2];
		caller = ipc_reply_recv_words(ep, (int)caller, w);
	}
	if (caller <= 0)
		return 2;
	/* the stop's reply: the words form only replies on its way to a
	 * receive, so the pointer form ends the loop */
	struct ipc_msg out = { .w = { w[0] + 1 } };

	return ipc_reply((int)caller, &out) == 0 ? 0 : 1;
}

/* One round of the words case: odd rounds in registers, even ones by
 * pointer with a fourth word the words server must not see (it answers
 * w[3] = 0).  True when the reply is exactly right. */
static bool words_round(int ep, int round)
{
	uint32_t w0 = (uint32_t)round * 10, w2 = (uint32_t)round * 7;

	if (round % 2) {
		uint32_t w[IPC_REG_WORDS] = { w0, 0, w2 };

		return ipc_call_words(ep, w, 0) == 0 && w[0] == w0 + 1 &&
		       w[1] == (uint32_t)round && w[2] == ~w2;
	}
	struct ipc_msg m = { .w = { w0, 0, w2, 0xC0FFEEu } }, r = { .len = 99 };

	return ipc_call(ep, &m, &r, 0) == 0 && r.w[0] == w0 + 1 && r.w[1] == (uint32_t)round &&
	       r.w[2] == ~w2 && r.w[3] == 0 && r.len == 0;
}

static int client_words(const struct shape *s)
{
	uint32_t stop[IPC_REG_WORDS] = { STOP };
	int round, right = 0;

	for (round = 1; round <= ROUNDS; round++)
		right += words_round(s->ep, round);
	ipc_call_words(s->ep, stop, 0);
	return right;
}

/* A nice-0 task that sleeps on a pipe: each byte wakes it (a pipe's
 * wake-up is sync: it waits on the CPU, it does not preempt the writer). */
static long fork_sleeper(int fds[2])
{
	long pid;

	if (sys_pipe(fds) < 0)
		return -1;
	pid = sys_fork();
	if (pid == 0) {
		sys_close(fds[1]);
		while (get_byte(fds[0]))
			;
		sys_exit_group(0);
	}
	return pid;
}

static void run_case(struct shape s)
{
	char name[64];
	long server, cl;
	int fds[2] = { -1, -1 };
	long sleeper = s.bystander ? fork_sleeper(fds) : -1;
	shape = &s;
	server = fork_server(s.ep, s.words ? serve_words : serve, fds[1]);
	nk_printf("fasttest: case=%s ep=%d server_pid=%ld sleeper_pid=%ld\n", s.name, s.ep,
		  server, sleeper);
	cl = sys_fork();
	if (cl == 0) {
		pin(s.client_cpu);
		if (s.nice)
			sys_nice(s.nice);
		sys_exit_group(s.words ? client_words(&s) : client(&s, fds[1]));
	}
	snprintf(name, sizeof(name), "%s_rounds_right", s.name);
	check(name, ROUNDS, child_status(cl));
	snprintf(name, sizeof(name), "%s_server_exit", s.name);
	check(name, 0, child_status(server));
	if (sleeper > 0) {
		sys_close(fds[1]);
		sys_close(fds[0]);
		child_status(sleeper);
	}
}

int main(int argc, char **argv)
{
	const char *cpus = nk_arg(argc, argv, "cpus");

	if (ipc_endpoint(IPC_ENDPOINTS) == -LNX_ENOSYS) {
		nk_printf("fasttest: no IPC calls here (not nickel): skipped\n");
		return 0;
	}
	/*                       name       ep timeout len       nice cpus    bystander words */
	run_case((struct shape){ "simple",   1, 0,      0,        0,  -1, -1, false, false });
	run_case((struct shape){ "timeout",  2, 5000,   0,        0,  -1, -1, false, false });
	run_case((struct shape){ "long",     3, 0,      LONG_LEN, 0,  -1, -1, false, false });
	run_case((struct shape){ "prio",     4, 0,      0,        19, -1, -1, true,  false });
	run_case((struct shape){ "words",    6, 0,      0,        0,  -1, -1, false, true });
	if (cpus && strcmp(cpus, "2") == 0)
		run_case((struct shape){ "othercpu", 5, 0,  0,        0,  1, 0,   false, false });
	nk_printf("fasttest: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
