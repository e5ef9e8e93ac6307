/*
 * cmpbench - three micro-benchmarks that run unchanged on nickel and on
 * Linux, for putting the two side by side in one emulator
 * (tools/compare-linux, `make compare-linux`, docs/lab.md "nickel beside
 * Linux").
 *
 *   cmpbench [tests=null,pipe,reqreply,yield,fork,shares] [hogs=0,4] [reqs=200]
 *            [hog_reqs=100] [sleep_us=5000] [settle_ms=200] [pipe_n=2000]
 *            [null_n=100000] [yield_n=20000] [fork_n=300]
 *            [mixes=0/5,0/-5/10,0/0/19] [shares_ms=3000]
 *            [batches=5] [pin=CPU] [null_call=getppid|getpid] [entry=fast|int80]
 *
 *   null      getppid() null_n times (as lmbench's lat_syscall null):
 *             nanoseconds per call (null_call=getpid: getpid instead, which
 *             on nickel takes no lock)
 *   pipe      a byte to a child and back over two pipes, pipe_n times (as
 *             lat_pipe): microseconds per round trip
 *   ipc       (nickel only, not in the default list) an empty IPC call to a
 *             child and its reply, pipe_n times: microseconds per round trip
 *   ipcw      (nickel only) the same with the message in registers (the
 *             words form of user/lib/ipc.h)
 *   yield     two tasks on one CPU (the pin= CPU, else CPU 0) calling
 *             sched_yield: nanoseconds per call of the measuring one, each
 *             call a switch to the other task and back (yield_n calls,
 *             timed once the other task has had the CPU three times), and
 *             how many times per call the measuring task was switched away
 *             (getrusage: 1.00 when every yield switched)
 *   fork      fork, the child's exit, the parent's wait, fork_n times:
 *             microseconds each
 *   reqreply  for each count in hogs=: that many CPU hogs spin while a
 *             client sleeps sleep_us (plus 0..999 us, a different phase
 *             each time), writes a byte to a server and waits for its
 *             answer; the wake-up round trip's p50, p99 and max in us
 *             (reqs requests without hogs, hog_reqs with them)
 *   shares    for each nice mix of mixes= (nice values split by '/'), one
 *             CPU hog per value, all on one CPU (the pin= CPU, else CPU 0),
 *             counting loops for settle_ms + shares_ms; each hog's share of
 *             the loops counted in the last shares_ms (the same loop on the
 *             same CPU: loops are CPU time)
 *
 * entry=int80 makes every call through int $0x80 even when the kernel
 * offers a fast entry (AT_SYSINFO; nickel.h), to compare the two paths.
 *
 * pin=CPU keeps cmpbench and every process it starts (the children inherit
 * the mask) on that CPU: a wake-up then never has to reach another CPU.
 * null and pipe time batches (a fifth of the calls each by default) and
 * report the median batch, so one stall of the host in one batch does not
 * move the number.  Times are CLOCK_MONOTONIC (on nickel the TSC).
 * Output, one line per result (the tool parses these):
 *
 *   bench start kernel=nickel release=R pid=P pin=CPU|-1 entry=fast|int80
 *   bench name=null n=N ns=X.X call=getppid
 *   bench name=pipe n=N rt_us=X.XX
 *   bench name=ipc n=N rt_us=X.XX   (and name=ipcw)
 *   bench name=yield n=N ns=X.X switches=S.SS
 *   bench name=fork n=N us=X.X
 *   bench name=reqreply hogs=H n=N p50_us=A p99_us=B max_us=C avg_us=D
 *   bench name=shares nices=0/5 ms=M pct=55.6/44.4 loops=L1/L2
 *   bench end status=S
 *
 * Run as Linux's /init (pid 1, uname says Linux) it syncs and powers the
 * machine off at the end, since init must not exit; on nickel init's exit
 * ends the run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ipc.h"
#include "nickel.h"
#include "lab/lab.h"

#define MAX_HOGS 64

static long hog_pids[MAX_HOGS];
static int nr_hogs;

/* ---- small helpers ----------------------------------------------------------- */
/* Is argument `name` in the comma list `list`? */
static int listed(const char *list, const char *name)
{
	size_t k = strlen(name);

	for (const char *p = list; *p; ) {
		if (strncmp(p, name, k) == 0 && (p[k] == ',' || p[k] == 0))
			return 1;
		p = strchr(p, ',');
		if (!p)
			break;
		p++;
	}
	return 0;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

/* Run op() n times in `batches` timed batches; the median batch's
 * picoseconds per op (ps, so that a 400 ns syscall keeps its decimals). */
static long long median_batch_ps(long n, long batches, void (*op)(void))
{
	long long ps[32];
	long per = n / batches;

	if (batches > 32)
		batches = 32;
	if (per < 1)
		per = 1;
	for (long b = 0; b < batches; b++) {
		long long t0 = nk_now_ns();
		for (long i = 0; i < per; i++)
			op();
		ps[b] = (nk_now_ns() - t0) * 1000LL / per;
	}
	qsort(ps, (size_t)batches, sizeof(ps[0]), cmp_ll);
	return ps[batches / 2];
}

/* ---- null: getppid (or getpid) --------------------------------------------------- */
static long null_nr = LNX_SYS_getppid;

static void null_op(void)
{
	syscall0(null_nr);
}

static void bench_null(long n, long batches, const char *call)
{
	if (call && strcmp(call, "getpid") == 0)
		null_nr = LNX_SYS_getpid;
	median_batch_ps(n / 10 + 1, 1, null_op);        /* warm up */
	long long ps = median_batch_ps(n, batches, null_op);
	nk_printf("bench name=null n=%ld ns=%lld.%lld call=%s\n", n, ps / 1000,
		  ps % 1000 / 100, null_nr == LNX_SYS_getpid ? "getpid" : "getppid");
}

/* ---- pipe: a byte there and back ------------------------------------------------ */
static int ping_fd = -1, pong_fd = -1;
static int pipe_ok = 1;

static void pipe_op(void)
{
	char c = 'p';

	if (sys_write(ping_fd, &c, 1) != 1 || sys_read(pong_fd, &c, 1) != 1)
		pipe_ok = 0;
}

/* The child: echo every byte until EOF. */
static void echo(int in, int out)
{
	char c;

	while (sys_read(in, &c, 1) == 1)
		if (sys_write(out, &c, 1) != 1)
			break;
	sys_exit_group(0);
}

/* Two pipes and a child echoing on them: *to and *from are this side's
 * ends; the child's pid, or -1 after saying why. */
static long start_echo(int *to, int *from)
{
	int there[2], back[2];

	if (sys_pipe(there) < 0 || sys_pipe(back) < 0) {
		nk_printf("cmpbench: pipe failed\n");
		return -1;
	}
	long pid = sys_fork();
	if (pid == 0) {
		sys_close(there[1]);
		sys_close(back[0]);
		echo(there[0], back[1]);
	}
	sys_close(there[0]);
	sys_close(back[1]);
	if (pid < 0) {
		nk_printf("cmpbench: fork failed: %ld\n", pid);
		sys_close(there[1]);
		sys_close(back[0]);
		return -1;
	}
	*to = there[1];
	*from = back[0];
	return pid;
}

static void stop_echo(long pid, int to, int from)
{
	int st;

	sys_close(to);
	sys_close(from);
	sys_waitpid((int)pid, &st, 0);
}

static int bench_pipe(long n, long batches)
{
	long pid = start_echo(&ping_fd, &pong_fd);

	if (pid < 0)
		return 1;
	median_batch_ps(n / 10 + 1, 1, pipe_op);
	long long ps = median_batch_ps(n, batches, pipe_op);
	stop_echo(pid, ping_fd, pong_fd);
	if (!pipe_ok) {
		nk_printf("cmpbench: the pipe's echo child is gone\n");
		return 1;
	}
	nk_printf("bench name=pipe n=%ld rt_us=%lld.%02lld\n", n, ps / 1000000,
		  ps % 1000000 / 10000);
	return 0;
}

/* ---- ipc: an empty call and its reply (nickel's own calls, user/lib/ipc.h) -------- */
#define IPC_BENCH_EP 2
static int ipc_ok = 1;

static void ipc_op(void)
{
	struct ipc_msg m = { 0 }, r = { 0 };

	if (ipc_call(IPC_BENCH_EP, &m, &r, 0) != 0)
		ipc_ok = 0;
}

/* The child: answer every call until one with w[0] = 1. */
static void ipc_echo(int ready_fd)
{
	struct ipc_msg in = { 0 }, out = { 0 };
	long caller;

	if (ipc_endpoint(IPC_BENCH_EP) != 0)
		sys_exit_group(1);
	sys_write(ready_fd, "r", 1);
	caller = ipc_recv(IPC_BENCH_EP, &in, 0);
	while (caller > 0 && in.w[0] == 0)
		caller = ipc_reply_recv(IPC_BENCH_EP, (int)caller, &out, &in, 0);
	if (caller > 0)
		ipc_reply((int)caller, &out);
	sys_exit_group(0);
}

/* ipcw: the same round trip with the message in registers (ipc.h, the
 * words form), the form the fast path (ipc=direct) is built for. */
static void ipcw_op(void)
{
	uint32_t w[IPC_REG_WORDS] = { 0 };

	if (ipc_call_words(IPC_BENCH_EP, w, 0) != 0)
		ipc_ok = 0;
}

static void ipcw_echo(int ready_fd)
{
	uint32_t w[IPC_REG_WORDS] = { 0 };
	struct ipc_msg out = { 0 };
	long caller;

	if (ipc_endpoint(IPC_BENCH_EP) != 0)
		sys_exit_group(1);
	sys_write(ready_fd, "r", 1);
	caller = ipc_reply_recv_words(IPC_BENCH_EP, 0, w);
	while (caller > 0 && w[0] == 0)
		caller = ipc_reply_recv_words(IPC_BENCH_EP, (int)caller, w);
	if (caller > 0)
		ipc_reply((int)caller, &out);   /* the stop call, sent by pointer */
	sys_exit_group(0);
}

/* Beside bench_pipe's lat_pipe: the same round trip as a call and a reply,
 * `op` against a forked `echo` server; printed as `name`. */
static int bench_ipc(long n, long batches, const char *name, void (*op)(void),
		     void (*echo)(int))
{
	struct ipc_msg stop = { .w = { 1 } }, r = { 0 };
	int ready[2], st;
	char c = 0;

	if (ipc_endpoint(IPC_ENDPOINTS) == -LNX_ENOSYS) {
		nk_printf("bench name=%s skipped (no IPC calls: not nickel)\n", name);
		return 0;
	}
	if (sys_pipe(ready) < 0)
		return 1;
	long pid = sys_fork();
	if (pid == 0)
		echo(ready[1]);
	if (pid < 0 || sys_read(ready[0], &c, 1) != 1 || c != 'r') {
		nk_printf("cmpbench: the IPC echo server did not start\n");
		return 1;
	}
	median_batch_ps(n / 10 + 1, 1, op);
	long long ps = median_batch_ps(n, batches, op);
	ipc_call(IPC_BENCH_EP, &stop, &r, 0);
	sys_waitpid((int)pid, &st, 0);
	sys_close(ready[0]);
	sys_close(ready[1]);
	if (!ipc_ok) {
		nk_printf("cmpbench: an IPC call failed\n");
		return 1;
	}
	nk_printf("bench name=%s n=%ld rt_us=%lld.%02lld\n", name, n, ps / 1000000,
		  ps % 1000000 / 10000);
	return 0;
}

/* ---- yield: two tasks on one CPU take turns --------------------------------------- */
static void yield_op(void)
{
	sys_sched_yield();
}

/* This task's switches away so far (getrusage), or -1 without the call. */
static long switches_so_far(void)
{
	struct lnx_rusage r;

	if (sys_getrusage(LNX_RUSAGE_SELF, &r) != 0)
		return -1;
	return r.ru_nvcsw + r.ru_nivcsw;
}

/* Yield until the other task has had the CPU `turns` times by getrusage
 * (at most max_calls yields; without getrusage, a hundredth of them).  Linux's CFS places a new child a slice behind the
 * parent (START_DEBIT), so the parent's first thousands of yields return
 * without a switch: timed, they would be a yield that does not switch. */
static void yield_until_turns(long turns, long max_calls)
{
	long s0 = switches_so_far();

	for (long i = 0; i < max_calls; i++) {
		sys_sched_yield();
		if (s0 < 0 ? i >= max_calls / 100 : switches_so_far() >= s0 + turns)
			return;
	}
}

/* Both on `cpu` (the child inherits the mask); back to `pin` after. */
static int bench_yield(long n, long batches, long pin)
{
	unsigned long one = 1UL << ((pin >= 0 ? pin : 0) % 32), all = ~0UL;
	long pid, s0, s1;
	int st;

	sys_sched_setaffinity(0, sizeof one, &one);
	pid = sys_fork();
	if (pid == 0)
		for (;;)
			sys_sched_yield();
	if (pid < 0) {
		nk_printf("cmpbench: fork failed: %ld\n", pid);
		return 1;
	}
	yield_until_turns(3, 1000000);
	s0 = switches_so_far();
	long long ps = median_batch_ps(n, batches, yield_op);
	s1 = switches_so_far();
	sys_kill((int)pid, LNX_SIGKILL);
	sys_waitpid((int)pid, &st, 0);
	if (pin < 0)
		sys_sched_setaffinity(0, sizeof all, &all);
	/* switches: this task's switches away per call (1.00: every yield
	 * let the other task run), -1 when the kernel has no getrusage */
	char sw[24] = "-1";
	if (s0 >= 0)
		snprintf(sw, sizeof sw, "%ld.%02ld", (s1 - s0) / n, (s1 - s0) * 100 / n % 100);
	nk_printf("bench name=yield n=%ld ns=%lld.%lld switches=%s\n", n, ps / 1000,
		  ps % 1000 / 100, sw);
	return 0;
}

/* ---- fork: fork + exit + wait ------------------------------------------------------- */
static int fork_ok = 1;

static void fork_op(void)
{
	long pid = sys_fork();
	int st;

	if (pid == 0)
		sys_exit_group(0);
	if (pid < 0 || sys_waitpid((int)pid, &st, 0) != pid)
		fork_ok = 0;
}

static int bench_fork(long n, long batches)
{
	median_batch_ps(n / 10 + 1, 1, fork_op);
	long long ps = median_batch_ps(n, batches, fork_op);
	if (!fork_ok) {
		nk_printf("cmpbench: a fork or its wait failed\n");
		return 1;
	}
	nk_printf("bench name=fork n=%ld us=%lld.%lld\n", n, ps / 1000000, ps % 1000000 / 100000);
	return 0;
}

/* ---- reqreply: wake-up round trips beside CPU hogs ------------------------------- */
static void start_hogs(long n)
{
	for (long i = 0; i < n && nr_hogs < MAX_HOGS; i++) {
		long pid = sys_fork();
		if (pid == 0)
			for (;;)
				;
		if (pid < 0) {
			nk_printf("cmpbench: fork of hog %ld failed: %ld\n", i, pid);
			break;
		}
		hog_pids[nr_hogs++] = pid;
	}
}

static void stop_hogs(void)
{
	int st;

	for (int i = 0; i < nr_hogs; i++)
		sys_kill((int)hog_pids[i], LNX_SIGKILL);
	for (int i = 0; i < nr_hogs; i++)
		sys_waitpid((int)hog_pids[i], &st, 0);
	nr_hogs = 0;
}

static void sleep_us(long long us)
{
	struct lnx_timespec ts = { (long)(us / 1000000), (long)(us % 1000000) * 1000L };

	sys_nanosleep(&ts, 0);
}

static int bench_reqreply(long hogs, long reqs, long sleep_for, long settle_ms)
{
	static struct lab_lat rtt;
	struct lab_lat_report r;
	int req, rep;
	char c = 'q';
	int ok = 1;
	long server = start_echo(&req, &rep);

	if (server < 0)
		return 1;
	start_hogs(hogs);
	sleep_us(settle_ms * 1000LL);
	lab_lat_init(&rtt, "cmpbench");
	for (long i = 0; i < reqs; i++) {
		sleep_us(sleep_for + i * 37 % 1000);
		long long t0 = nk_now_ns();
		if (sys_write(req, &c, 1) != 1 || sys_read(rep, &c, 1) != 1) {
			nk_printf("cmpbench: the server is gone after %ld requests\n", i);
			ok = 0;
			break;
		}
		lab_lat_add(&rtt, (nk_now_ns() - t0) / 1000);
	}
	stop_hogs();
	stop_echo(server, req, rep);
	if (!ok)
		return 1;
	lab_summary(&rtt, &r);
	nk_printf("bench name=reqreply hogs=%ld n=%u p50_us=%u p99_us=%u max_us=%u "
		  "avg_us=%u\n", hogs, (unsigned)r.n, (unsigned)r.p50_us,
		  (unsigned)r.p99_us, (unsigned)r.max_us, (unsigned)r.avg_us);
	return 0;
}

/* ---- shares: CPU hogs of a nice mix on one CPU --------------------------------- */
#define MAX_MIX 8

/* A hog of the mix: spin until `end`, note the loops at `mark`, send the
 * loops after it.  The clock is read once per 2^14 loops. */
static void share_hog(int fd, int nice, long long mark, long long end)
{
	volatile unsigned long sink = 0;
	long long loops = 0, at_mark = -1, now;

	sys_setpriority(LNX_PRIO_PROCESS, 0, nice);
	while ((now = nk_now_ns()) < end) {
		if (at_mark < 0 && now >= mark)
			at_mark = loops;
		for (unsigned long j = 0; j < (1UL << 14); j++)
			sink += j ^ (sink >> 3);
		loops++;
	}
	loops -= at_mark < 0 ? loops : at_mark;
	sys_write(fd, &loops, sizeof loops);
	sys_exit_group(0);
}

/* Parse "0/-5/10" into nices[]; the count, or 0 when malformed. */
static int parse_mix(const char *s, int nices[MAX_MIX])
{
	int n = 0;

	while (n < MAX_MIX) {
		char *after;
		long v = strtol(s, &after, 10);
		if (after == s || v < -20 || v > 19)
			return 0;
		nices[n++] = (int)v;
		if (*after != '/')
			return *after == ',' || !*after ? n : 0;
		s = after + 1;
	}
	return 0;
}

static int bench_shares(const char *mix, long settle_ms, long ms, long pin)
{
	unsigned long one = 1UL << ((pin >= 0 ? pin : 0) % 32), all = ~0UL;
	int nices[MAX_MIX], fds[MAX_MIX][2], n = parse_mix(mix, nices), st;
	long pids[MAX_MIX];
	long long loops[MAX_MIX], total = 0;

	if (!n) {
		nk_printf("cmpbench: mix %.40s: expected nice values -20..19 split by '/'\n", mix);
		return 1;
	}
	sys_sched_setaffinity(0, sizeof one, &one);
	long long mark = nk_now_ns() + settle_ms * 1000000LL, end = mark + ms * 1000000LL;
	for (int i = 0; i < n; i++) {
		pids[i] = sys_pipe(fds[i]) < 0 ? -1 : sys_fork();
		if (pids[i] == 0)
			share_hog(fds[i][1], nices[i], mark, end);
		if (pids[i] < 0) {
			nk_printf("cmpbench: shares: hog %d of %.40s failed\n", i, mix);
			return 1;
		}
		sys_close(fds[i][1]);
	}
	for (int i = 0; i < n; i++) {
		if (sys_read(fds[i][0], &loops[i], sizeof loops[i]) != sizeof loops[i])
			loops[i] = 0;
		sys_close(fds[i][0]);
		sys_waitpid((int)pids[i], &st, 0);
		total += loops[i];
	}
	if (pin < 0)
		sys_sched_setaffinity(0, sizeof all, &all);
	/* one write: a kernel message cannot land inside the line */
	char line[384], *at = line, *stop = line + sizeof line;
	at += snprintf(at, stop - at, "bench name=shares nices=");
	for (int i = 0; i < n; i++)
		at += snprintf(at, stop - at, "%s%d", i ? "/" : "", nices[i]);
	at += snprintf(at, stop - at, " ms=%ld pct=", ms);
	for (int i = 0; i < n; i++) {
		long long permille = total ? (loops[i] * 1000 + total / 2) / total : 0;
		at += snprintf(at, stop - at, "%s%lld.%lld", i ? "/" : "", permille / 10,
			       permille % 10);
	}
	at += snprintf(at, stop - at, " loops=");
	for (int i = 0; i < n; i++)
		at += snprintf(at, stop - at, "%s%lld", i ? "/" : "", loops[i]);
	nk_printf("%s\n", line);
	return total ? 0 : 1;
}

/* ---- the end of a run ---------------------------------------------------------- */
#define LNX_SYS_sync            36
#define LNX_SYS_reboot          88
#define LNX_REBOOT_MAGIC1       0xfee1deadL
#define LNX_REBOOT_MAGIC2       672274793L
#define LNX_REBOOT_CMD_POWER_OFF 0x4321fedcL

/* Linux's init must not exit (the kernel panics): power off instead. */
static void end_run(int is_linux, int status)
{
	nk_printf("bench end status=%d\n", status);
	if (!is_linux || sys_getpid() != 1)
		return;
	syscall0(LNX_SYS_sync);
	long r = syscall4(LNX_SYS_reboot, LNX_REBOOT_MAGIC1, LNX_REBOOT_MAGIC2,
			  LNX_REBOOT_CMD_POWER_OFF, 0);
	nk_printf("cmpbench: reboot(POWER_OFF) failed: %ld\n", r);
	for (;;)
		sleep_us(1000000);
}

int main(int argc, char **argv)
{
	const char *tests = nk_arg(argc, argv, "tests");
	const char *hogs = nk_arg(argc, argv, "hogs");
	long reqs = lab_arg_long(argc, argv, "reqs", 200);
	long hog_reqs = lab_arg_long(argc, argv, "hog_reqs", 100);
	long sleep_for = lab_arg_long(argc, argv, "sleep_us", 5000);
	long settle_ms = lab_arg_long(argc, argv, "settle_ms", 200);
	long pipe_n = lab_arg_long(argc, argv, "pipe_n", 2000);
	long null_n = lab_arg_long(argc, argv, "null_n", 100000);
	long yield_n = lab_arg_long(argc, argv, "yield_n", 20000);
	long fork_n = lab_arg_long(argc, argv, "fork_n", 300);
	long batches = lab_arg_long(argc, argv, "batches", 5);
	long pin = lab_arg_long(argc, argv, "pin", -1);
	const char *mixes = nk_arg(argc, argv, "mixes");
	long shares_ms = lab_arg_long(argc, argv, "shares_ms", 3000);
	struct lnx_utsname u;
	int status = 0;

	if (!tests)
		tests = "null,pipe,reqreply";
	if (!hogs)
		hogs = "0,4";
	if (batches < 1 || batches > 32)
		batches = 5;
	memset(&u, 0, sizeof u);
	sys_uname(&u);
	int is_linux = strcmp(u.sysname, "Linux") == 0;
	if (pin >= 0) {
		unsigned long mask = 1UL << (pin % 32);
		long r = sys_sched_setaffinity(0, sizeof mask, &mask);
		if (r < 0) {
			nk_printf("cmpbench: sched_setaffinity(cpu %ld): %ld\n", pin, r);
			pin = -1;
		}
	}
	const char *entry = nk_arg(argc, argv, "entry");
	if (entry && strcmp(entry, "int80") == 0)
		__nk_sysinfo = __nk_int80;
	nk_printf("bench start kernel=%s release=%s pid=%ld pin=%ld entry=%s\n", u.sysname,
		  u.release, sys_getpid(), pin, __nk_sysinfo == __nk_int80 ? "int80" : "fast");
	if (listed(tests, "null"))
		bench_null(null_n, batches, nk_arg(argc, argv, "null_call"));
	if (listed(tests, "pipe"))
		status |= bench_pipe(pipe_n, batches);
	if (listed(tests, "ipc"))
		status |= bench_ipc(pipe_n, batches, "ipc", ipc_op, ipc_echo);
	if (listed(tests, "ipcw"))
		status |= bench_ipc(pipe_n, batches, "ipcw", ipcw_op, ipcw_echo);
	if (listed(tests, "yield"))
		status |= bench_yield(yield_n, batches, pin);
	if (listed(tests, "fork"))
		status |= bench_fork(fork_n, batches);
	if (listed(tests, "reqreply"))
		for (const char *p = hogs; p && *p; ) {
			long h = strtol(p, 0, 10);
			status |= bench_reqreply(h, h ? hog_reqs : reqs, sleep_for, settle_ms);
			p = strchr(p, ',');
			if (p)
				p++;
		}
	if (listed(tests, "shares"))
		for (const char *p = mixes ? mixes : "0/5,0/-5/10,0/0/19"; p; ) {
			status |= bench_shares(p, settle_ms, shares_ms, pin);
			p = strchr(p, ',');
			if (p)
				p++;
		}
	end_run(is_linux, status);
	return status;
}
