/*
 * donatetest - priority donation through IPC calls (ipc=donate), named as
 * Pintos names its priority tests (docs/ipc.md "How a call schedules"), as
 * init under QEMU (tests/scenarios/donate.py).
 *
 * A task's prio is not visible from ring 3, so each check measures what
 * the prio does: the CPU ms (times()) a spinning task gets beside a
 * SCHED_OTHER hog on the same CPU (CPU 0, both pinned), as a share of
 * their sum.  A task running on a real-time caller's donation takes the
 * whole CPU (>= 80%); a SCHED_OTHER task with no donation left shares it
 * (the hog >= 40%).
 * Each check prints "PASS donatetest:NAME" or "FAIL donatetest:NAME" with
 * the expected range and the actual value; the last line counts them.
 */
#include "nickel.h"
#include "ipc.h"
#define CHECK_PROGRAM "donatetest"
#include "checks.h"

#define SCHED_OTHER 0
#define SCHED_FIFO  1
#define WINDOW_MS   1000            /* a share's measuring window */

/* ---- helpers: pipes of longs, CPU time, pinning, classes ---- */

static void put_long(int fd, long v)
{
	sys_write(fd, &v, sizeof(v));
}

static long get_long(int fd)
{
	long v = -1;

	return sys_read(fd, &v, sizeof(v)) == sizeof(v) ? v : -1;
}

static long cpu_ms(void)
{
	struct lnx_tms t;

	sys_times(&t);
	return (t.tms_utime + t.tms_stime) * 10;    /* 100 ticks a second */
}

static void pin_cpu0(void)
{
	unsigned long mask = 1;

	sys_sched_setaffinity(0, sizeof(mask), &mask);
}

static void set_class(int cls, int rt_prio)
{
	struct lnx_sched_param p = { rt_prio };

	sys_sched_setscheduler(0, cls, &p);
}

static long now_ms(void)
{
	return (long)(nk_now_ns() / 1000000);
}

/* Spin until guest time deadline_ms; the CPU ms this task got meanwhile.
 * Two tasks spinning to one deadline are measured over the same window
 * (a task that starves the other gets it all, the other nothing). */
static long spin_until(long deadline_ms)
{
	long start = cpu_ms();

	while (now_ms() < deadline_ms)
		;
	return cpu_ms() - start;
}

/* Spin wall_ms of wall time; the CPU ms this task got meanwhile. */
static long spin_cpu(long wall_ms)
{
	long start = cpu_ms();
	long long t0 = nk_now_ns();

	while (nk_now_ns() - t0 < wall_ms * 1000000LL)
		;
	return cpu_ms() - start;
}

/* A SCHED_OTHER hog on CPU 0 for wall_ms; its CPU ms go to fd. */
static long fork_hog(long wall_ms, int fd)
{
	long pid = sys_fork();

	if (pid == 0) {
		pin_cpu0();
		put_long(fd, spin_cpu(wall_ms));
		sys_exit_group(0);
	}
	return pid;
}

/* A SCHED_OTHER hog on CPU 0 until deadline_ms; its CPU ms go to fd. */
static long fork_hog_until(long deadline_ms, int fd)
{
	long pid = sys_fork();

	if (pid == 0) {
		pin_cpu0();
		put_long(fd, spin_until(deadline_ms));
		sys_exit_group(0);
	}
	return pid;
}

static void reap(long pid)
{
	int st;

	sys_waitpid((int)pid, &st, 0);
}

/* ---- donate-one, donate-nest, donate-chain: A (FIFO) calls server 1,
 *      which calls server 2 ... the last spins beside the hog ---- */

/* Server k serves endpoint k; all but the last pass the call on. */
static void chain_server(int k, int depth, int ready_fd, int out_fd)
{
	struct ipc_msg m = { 0 }, r = { 0 };
	long caller;

	pin_cpu0();
	put_long(ready_fd, ipc_endpoint(k));
	caller = ipc_recv(k, &m, 0);
	if (k < depth)
		ipc_call(k + 1, &m, &r, 0);
	else
		put_long(out_fd, spin_cpu(WINDOW_MS));
	ipc_reply((int)caller, &r);
	sys_exit_group(0);
}

static void test_chain(const char *name, int depth)
{
	int ready[2], out[2], hog_out[2], k;
	long pids[8], hog, caller, srv_ms, hog_ms;
	struct ipc_msg m = { 0 }, r = { 0 };

	sys_pipe(ready);
	sys_pipe(out);
	sys_pipe(hog_out);
	for (k = 1; k <= depth; k++) {
		pids[k] = sys_fork();
		if (pids[k] == 0)
			chain_server(k, depth, ready[1], out[1]);
		get_long(ready[0]);
	}
	hog = fork_hog(WINDOW_MS, hog_out[1]);
	caller = sys_fork();
	if (caller == 0) {
		pin_cpu0();
		set_class(SCHED_FIFO, 10);
		sys_exit_group((int)-ipc_call(1, &m, &r, 0));
	}
	/* the last server's share of CPU 0 beside the hog: all of it, on
	 * A's prio (per cent: ticks a loaded host loses cancel out) */
	srv_ms = get_long(out[0]);
	hog_ms = get_long(hog_out[0]);
	nk_printf("donatetest: %s server %ld ms, hog %ld ms\n", name, srv_ms, hog_ms);
	check_range(name, 80, 100, srv_ms * 100 / (srv_ms + hog_ms + 1));
	reap(caller);
	reap(hog);
	for (k = 1; k <= depth; k++)
		reap(pids[k]);
	sys_close(ready[0]); sys_close(ready[1]);
	sys_close(out[0]); sys_close(out[1]);
	sys_close(hog_out[0]); sys_close(hog_out[1]);
}

/* ---- donate-multiple: two callers on two endpoints of one server,
 *      replied in either order; then the server spins beside the hog ---- */

static void multi_server(int first_fd, int ready_fd, int out_fd, int reverse)
{
	struct ipc_msg m = { 0 }, r = { 0 };
	long c1, c2, deadline;

	pin_cpu0();
	put_long(ready_fd, ipc_endpoint(3) | ipc_endpoint(4));
	c1 = ipc_recv(3, &m, 0);
	spin_cpu(100);            /* on c1's record only: an older start than c2's */
	put_long(first_fd, c1);                    /* now the second may call */
	c2 = ipc_recv(4, &m, 0);
	spin_cpu(30);
	ipc_reply((int)(reverse ? c2 : c1), &r);
	ipc_reply((int)(reverse ? c1 : c2), &r);
	deadline = now_ms() + 2 * WINDOW_MS;
	put_long(out_fd, deadline);
	put_long(out_fd, spin_until(deadline));   /* beside the hog */
	sys_exit_group(0);
}

static long fork_caller(int ep, int fifo, int out_fd)
{
	struct ipc_msg m = { 0 }, r = { 0 };
	long pid = sys_fork();

	if (pid == 0) {
		long before = cpu_ms();

		pin_cpu0();
		if (fifo)
			set_class(SCHED_FIFO, 10);
		ipc_call(ep, &m, &r, 0);
		put_long(out_fd, cpu_ms() - before);
		sys_exit_group(0);
	}
	return pid;
}

static void test_multiple(const char *name, const char *callers, int reverse)
{
	int ready[2], first[2], out[2], srv_out[2], hog_out[2];
	long server, c1, c2, hog, hog_ms, srv_ms;

	sys_pipe(ready); sys_pipe(first); sys_pipe(out);
	sys_pipe(srv_out); sys_pipe(hog_out);
	server = sys_fork();
	if (server == 0)
		multi_server(first[1], ready[1], srv_out[1], reverse);
	get_long(ready[0]);
	c1 = fork_caller(3, 1, out[1]);            /* the FIFO caller first */
	get_long(first[0]);
	c2 = fork_caller(4, 0, out[1]);
	/* each caller charged what the server did for it: never a wrap */
	check_range(callers, 0, 2000, get_long(out[0]));
	check_range(callers, 0, 2000, get_long(out[0]));
	/* the hog spins to the server's deadline: a server left on a
	 * real-time prio starves this task and the hog until then (0 %) */
	hog = fork_hog_until(get_long(srv_out[0]), hog_out[1]);
	srv_ms = get_long(srv_out[0]);
	hog_ms = get_long(hog_out[0]);
	/* the SCHED_OTHER server keeps no real-time prio: the hog its share */
	nk_printf("donatetest: %s server %ld ms, hog %ld ms\n", name, srv_ms, hog_ms);
	check_range(name, 40, 100, hog_ms * 100 / (srv_ms + hog_ms + 1));
	reap(c1); reap(c2); reap(server); reap(hog);
	sys_close(ready[0]); sys_close(ready[1]); sys_close(first[0]); sys_close(first[1]);
	sys_close(out[0]); sys_close(out[1]); sys_close(srv_out[0]); sys_close(srv_out[1]);
	sys_close(hog_out[0]); sys_close(hog_out[1]);
}

/* ---- donate-class-change-in-call: the server changes its own class
 *      while it holds a donation; after the reply it spins beside the hog,
 *      at the class it chose ---- */

static void class_server(int from, int to, int ready_fd, int out_fd)
{
	struct ipc_msg m = { 0 }, r = { 0 };
	long caller;

	pin_cpu0();
	set_class(from, from == SCHED_FIFO ? 10 : 0);
	put_long(ready_fd, ipc_endpoint(6));
	caller = ipc_recv(6, &m, 0);
	set_class(to, to == SCHED_FIFO ? 10 : 0);
	ipc_reply((int)caller, &r);
	put_long(out_fd, spin_cpu(WINDOW_MS));
	sys_exit_group(0);
}

static void test_class_change(const char *name, int from, int to, long lo, long hi)
{
	int ready[2], out[2], hog_out[2], cout[2];
	long server, caller, hog, srv_ms, hog_ms;

	sys_pipe(ready); sys_pipe(out); sys_pipe(hog_out); sys_pipe(cout);
	server = sys_fork();
	if (server == 0)
		class_server(from, to, ready[1], out[1]);
	get_long(ready[0]);
	hog = fork_hog(WINDOW_MS, hog_out[1]);
	caller = fork_caller(6, from == SCHED_OTHER, cout[1]);
	srv_ms = get_long(out[0]);
	hog_ms = get_long(hog_out[0]);
	nk_printf("donatetest: %s server %ld ms, hog %ld ms\n", name, srv_ms, hog_ms);
	check_range(name, lo, hi, hog_ms * 100 / (srv_ms + hog_ms + 1));
	get_long(cout[0]);
	reap(hog); reap(server); reap(caller);
	sys_close(ready[0]); sys_close(ready[1]); sys_close(out[0]); sys_close(out[1]);
	sys_close(hog_out[0]); sys_close(hog_out[1]); sys_close(cout[0]); sys_close(cout[1]);
}

/* ---- donate-exit: the FIFO caller is killed while the SCHED_OTHER
 *      server holds its donation; the server is time-shared after ---- */

static void orphan_server(int got_fd, int go_fd, int out_fd)
{
	struct ipc_msg m = { 0 };

	pin_cpu0();
	put_long(got_fd, ipc_endpoint(7));
	put_long(got_fd, ipc_recv(7, &m, 0));
	get_long(go_fd);                           /* the caller is dead */
	put_long(out_fd, spin_cpu(WINDOW_MS));
	sys_exit_group(0);
}

static void test_caller_exit(const char *name)
{
	int got[2], go[2], out[2], hog_out[2], cout[2];
	long server, caller, hog, srv_ms, hog_ms;

	sys_pipe(got); sys_pipe(go); sys_pipe(out); sys_pipe(hog_out); sys_pipe(cout);
	server = sys_fork();
	if (server == 0)
		orphan_server(got[1], go[0], out[1]);
	get_long(got[0]);
	caller = fork_caller(7, 1, cout[1]);
	get_long(got[0]);                          /* the call is received */
	sys_kill((int)caller, 9);
	reap(caller);
	hog = fork_hog(WINDOW_MS, hog_out[1]);
	put_long(go[1], 1);
	srv_ms = get_long(out[0]);
	hog_ms = get_long(hog_out[0]);
	nk_printf("donatetest: %s server %ld ms, hog %ld ms\n", name, srv_ms, hog_ms);
	/* a server that slept in recv has nick's sleep bonus over the hog;
	 * one still on the dead caller's FIFO prio would leave it 0 */
	check_range(name, 25, 100, hog_ms * 100 / (srv_ms + hog_ms + 1));
	reap(hog); reap(server);
	sys_close(got[0]); sys_close(got[1]); sys_close(go[0]); sys_close(go[1]);
	sys_close(out[0]); sys_close(out[1]); sys_close(hog_out[0]); sys_close(hog_out[1]);
	sys_close(cout[0]); sys_close(cout[1]);
}

/* ---- released by a real-time hog: a FIFO rt_priority 5 hog (prio 94)
 *      on CPU 0 wakes the task under test (a pipe write carrying the time),
 *      yields and spins on.  A task on a FIFO 10 caller's donation (prio 89), or
 *      FIFO 10 itself, runs at once; one below the hog waits for the end
 *      of its window (HOG_MS) ---- */

#define HOG_RT     5
#define HOG_MS     300              /* the FIFO hog's window */
#define WAKE_MS    50               /* at once: well under the hog's window */

static long fork_rt_hog_releasing(int go_fd)
{
	long pid = sys_fork();

	if (pid == 0) {
		pin_cpu0();
		set_class(SCHED_FIFO, HOG_RT);
		put_long(go_fd, now_ms());         /* wakes the task under test */
		/* a pipe write wakes sync (the writer will sleep: no preemption,
		 * as Linux's pipe_write); a yield is the picking point it skips */
		sys_sched_yield();
		spin_cpu(HOG_MS);
		sys_exit_group(0);
	}
	return pid;
}

/* Wait for the hog's release; the ms from it until this task ran. */
static long woke_after(int go_fd)
{
	long released = get_long(go_fd);

	return now_ms() - released;
}

/* ---- donate-sema-like: a SCHED_OTHER server holding a FIFO caller's
 *      donation blocks on a pipe (Pintos' priority-donate-sema: the
 *      holder sleeps on a semaphore).  Asleep, it keeps the donation: the
 *      hog's write wakes it and it runs at once; its reply then ends the
 *      caller's wait with 0, and the FIFO caller runs at once too ---- */

static void sema_server(int got_fd, int go_fd, int out_fd)
{
	struct ipc_msg m = { 0 }, r = { 0 };
	long caller;

	pin_cpu0();
	put_long(got_fd, ipc_endpoint(8));
	caller = ipc_recv(8, &m, 0);
	put_long(got_fd, caller);
	put_long(out_fd, woke_after(go_fd));       /* asleep, holding the record */
	r.w[0] = (unsigned long)now_ms();
	ipc_reply((int)caller, &r);
	sys_exit_group(0);
}

/* A FIFO 10 caller: the call's result, then the ms from the reply to its
 * own run, go to out_fd. */
static long fork_fifo_caller(int ep, int out_fd)
{
	struct ipc_msg m = { 0 }, r = { 0 };
	long pid = sys_fork();

	if (pid == 0) {
		long rc;

		pin_cpu0();
		set_class(SCHED_FIFO, 10);
		rc = ipc_call(ep, &m, &r, 0);
		put_long(out_fd, rc);
		put_long(out_fd, now_ms() - (long)r.w[0]);
		sys_exit_group(0);
	}
	return pid;
}

static void test_sema_like(void)
{
	int got[2], go[2], out[2], cout[2];
	long server, caller, hog;

	sys_pipe(got); sys_pipe(go); sys_pipe(out); sys_pipe(cout);
	server = sys_fork();
	if (server == 0)
		sema_server(got[1], go[0], out[1]);
	get_long(got[0]);
	caller = fork_fifo_caller(8, cout[1]);
	get_long(got[0]);                          /* received: the record held */
	hog = fork_rt_hog_releasing(go[1]);
	check_range("donate-sema-like-server-woke-ms", 0, WAKE_MS, get_long(out[0]));
	check_range("donate-sema-like-caller-result", 0, 0, get_long(cout[0]));
	check_range("donate-sema-like-caller-woke-ms", 0, WAKE_MS, get_long(cout[0]));
	reap(caller); reap(hog); reap(server);
	sys_close(got[0]); sys_close(got[1]); sys_close(go[0]); sys_close(go[1]);
	sys_close(out[0]); sys_close(out[1]); sys_close(cout[0]); sys_close(cout[1]);
}

/* ---- donate-exit (the server's side): the server dies holding the FIFO
 *      caller's record: the call ends with -EPIPE, and the caller keeps
 *      its own FIFO prio: it runs at once beside the hog, still FIFO ---- */

static void dying_server(int got_fd, int go_fd)
{
	struct ipc_msg m = { 0 };

	pin_cpu0();
	put_long(got_fd, ipc_endpoint(9));
	put_long(got_fd, ipc_recv(9, &m, 0));
	get_long(go_fd);
	sys_exit_group(0);                         /* no reply */
}

static void test_server_exit(void)
{
	int got[2], go[2], out[2];
	struct ipc_msg m = { 0 }, r = { 0 };
	long server, caller, hog;

	sys_pipe(got); sys_pipe(go); sys_pipe(out);
	server = sys_fork();
	if (server == 0)
		dying_server(got[1], go[0]);
	get_long(got[0]);
	caller = sys_fork();
	if (caller == 0) {
		long t0;

		pin_cpu0();
		set_class(SCHED_FIFO, 10);
		t0 = now_ms();
		put_long(out[1], ipc_call(9, &m, &r, 0));
		put_long(out[1], now_ms() - t0);
		put_long(out[1], sys_sched_getscheduler(0));
		sys_exit_group(0);
	}
	get_long(got[0]);
	hog = fork_rt_hog_releasing(go[1]);
	check_range("donate-exit-server-dies-caller-result", -LNX_EPIPE, -LNX_EPIPE,
		    get_long(out[0]));
	/* the call lasted until the release, not until the hog's end */
	check_range("donate-exit-server-dies-caller-call-ms", 0, HOG_MS / 2, get_long(out[0]));
	check_range("donate-exit-server-dies-caller-still-fifo", SCHED_FIFO, SCHED_FIFO,
		    get_long(out[0]));
	reap(caller); reap(hog); reap(server);
	sys_close(got[0]); sys_close(got[1]); sys_close(go[0]); sys_close(go[1]);
	sys_close(out[0]); sys_close(out[1]);
}

/* ---- a class change in the middle of a chain: A (SCHED_OTHER) calls B,
 *      which calls C; B is made FIFO 10 while it waits; C, the end of the
 *      chain, then runs on B's new prio: at once beside the hog ---- */

static void gated_end_server(int ready_fd, int go_fd, int out_fd)
{
	struct ipc_msg m = { 0 }, r = { 0 };
	long caller;

	pin_cpu0();
	put_long(ready_fd, ipc_endpoint(11));
	caller = ipc_recv(11, &m, 0);
	put_long(ready_fd, caller);
	put_long(out_fd, woke_after(go_fd));
	ipc_reply((int)caller, &r);
	sys_exit_group(0);
}

static void middle_server(int ready_fd)
{
	struct ipc_msg m = { 0 }, r = { 0 };
	long caller;

	pin_cpu0();
	put_long(ready_fd, ipc_endpoint(10));
	caller = ipc_recv(10, &m, 0);
	ipc_call(11, &m, &r, 0);
	ipc_reply((int)caller, &r);
	sys_exit_group(0);
}

static void test_chain_class_change(void)
{
	int ready[2], go[2], out[2];
	struct lnx_sched_param fifo10 = { 10 };
	struct ipc_msg m = { 0 }, r = { 0 };
	long end, middle, head, hog;

	sys_pipe(ready); sys_pipe(go); sys_pipe(out);
	end = sys_fork();
	if (end == 0)
		gated_end_server(ready[1], go[0], out[1]);
	get_long(ready[0]);
	middle = sys_fork();
	if (middle == 0)
		middle_server(ready[1]);
	get_long(ready[0]);
	head = sys_fork();
	if (head == 0) {
		pin_cpu0();
		sys_exit_group((int)-ipc_call(10, &m, &r, 0));
	}
	get_long(ready[0]);                        /* C holds B's record */
	sys_sched_setscheduler((int)middle, SCHED_FIFO, &fifo10);
	hog = fork_rt_hog_releasing(go[1]);
	check_range("donate-chain-class-change-mid-end-woke-ms", 0, WAKE_MS, get_long(out[0]));
	reap(head); reap(middle); reap(end); reap(hog);
	sys_close(ready[0]); sys_close(ready[1]); sys_close(go[0]); sys_close(go[1]);
	sys_close(out[0]); sys_close(out[1]);
}

int main(void)
{
	if (ipc_endpoint(IPC_ENDPOINTS) == -LNX_ENOSYS) {
		nk_printf("donatetest: no IPC calls here (not nickel): skipped\n");
		return 0;
	}
	pin_cpu0();        /* children are born on CPU 0: no move mid-window */
	test_chain("donate-one-server-pct", 1);
	test_chain("donate-nest-server-pct", 2);
	test_chain("donate-chain-server-pct", 3);
	test_multiple("donate-multiple-hog-share-pct", "donate-multiple-caller-ms", 0);
	test_multiple("donate-multiple-reversed-hog-share-pct", "donate-multiple-reversed-caller-ms", 1);
	/* FIFO turning OTHER in the call ends time-shared: the hog its share */
	test_class_change("donate-class-change-in-call-fifo-to-other-hog-pct",
			  SCHED_FIFO, SCHED_OTHER, 40, 100);
	/* OTHER turning FIFO (called by a FIFO task) keeps FIFO: no hog */
	test_class_change("donate-class-change-in-call-other-to-fifo-hog-pct",
			  SCHED_OTHER, SCHED_FIFO, 0, 10);
	test_caller_exit("donate-exit-caller-killed-hog-pct");
	test_server_exit();
	test_sema_like();
	test_chain_class_change();
	nk_printf("donatetest: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
