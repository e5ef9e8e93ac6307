/*
 * ipctest - every IPC call and every error path (docs/ipc.md),
 * as init under QEMU (tests/scenarios/ipc.py, under each ipc= mode).
 *
 * Each check prints "PASS ipctest:NAME" or "FAIL ipctest:NAME" with the
 * expected and the actual value; the last line counts them.  Servers and
 * extra callers are forked children; pipes order the steps that must
 * happen in order (a server is serving before anyone calls it), so no
 * check depends on timing except the timeouts, which measure it.
 * On Linux the calls do not exist (-ENOSYS): the program says so and exits 0.
 */
#include <string.h>
#include "nickel.h"
#include "ipc.h"
#define HELPERS_NAME "ipctest"
#include "ipc_helpers.h"

#define SIGKILL 9
#define NR_nickel_free_pages 1001

/* ---- the echo server: w[0]+1, w[1] = calls served, buffer reversed,
 *      or w[2] bytes of pattern i & 0xFF when w[2] != 0; w[0] = 0xDEAD ends ---- */

static void echo_answer(const struct ipc_msg *in, struct ipc_msg *out, int served)
{
	uint8_t *src = in->buf, *dst = out->buf;
	uint32_t i, n = in->len < in->cap ? in->len : in->cap;

	out->w[0] = in->w[0] + 1;
	out->w[1] = (uint32_t)served;
	out->w[2] = in->w[2];
	out->w[3] = ~in->w[3];
	if (in->w[2]) {
		n = in->w[2] > IPC_BUF_MAX ? IPC_BUF_MAX : in->w[2];
		for (i = 0; i < n; i++)
			dst[i] = (uint8_t)i;
	} else {
		for (i = 0; i < n; i++)
			dst[i] = src[n - 1 - i];
	}
	out->len = n;
}

static int echo_server(int ep, int unused)
{
	static uint8_t inbuf[IPC_BUF_MAX], outbuf[IPC_BUF_MAX];
	struct ipc_msg in = { .cap = sizeof(inbuf), .buf = inbuf };
	struct ipc_msg out = { .buf = outbuf };
	long caller = ipc_recv(ep, &in, 0);
	int served = 0;

	while (caller > 0) {
		int last = in.w[0] == 0xDEAD;
		echo_answer(&in, &out, ++served);
		if (last)
			return ipc_reply((int)caller, &out) == 0 ? 0 : 1;
		in.cap = sizeof(inbuf);
		caller = ipc_reply_recv(ep, (int)caller, &out, &in, 0);
	}
	return 2;
}

static long stop_echo(int ep, long pid)
{
	struct ipc_msg m = { .w = { 0xDEAD } }, r = { 0 };

	ipc_call(ep, &m, &r, 0);
	return child_status(pid);
}

/* ---- the tests ---- */

static void test_bad_arguments(void)
{
	struct ipc_msg m = { 0 }, r = { 0 };

	check("endpoint_negative_einval", -LNX_EINVAL, ipc_endpoint(-1));
	check("endpoint_16_einval", -LNX_EINVAL, ipc_endpoint(IPC_ENDPOINTS));
	check("call_bad_number_einval", -LNX_EINVAL, ipc_call(99, &m, &r, 0));
	check("call_unserved_enoent", -LNX_ENOENT, ipc_call(7, &m, &r, 0));
	check("recv_unserved_enoent", -LNX_ENOENT, ipc_recv(7, &r, 10));
	check("close_unserved_enoent", -LNX_ENOENT, ipc_close(7));
	check("reply_nobody_called_esrch", -LNX_ESRCH, ipc_reply(1, &m));
	check("reply_recv_caller0_esrch", -LNX_ESRCH, ipc_reply_recv(7, 0, &m, &r, 10));
	check("open_3", 0, ipc_endpoint(3));
	check("open_3_again_ebusy", -LNX_EBUSY, ipc_endpoint(3));
	check("call_own_endpoint_edeadlk", -LNX_EDEADLK, ipc_call(3, &m, &r, 0));
	check("recv_bad_pointer_efault", -LNX_EFAULT, ipc_recv(3, (void *)16, 10));
	r.cap = 64;
	r.buf = (void *)0xC0001000;
	check("recv_kernel_buffer_efault", -LNX_EFAULT, ipc_recv(3, &r, 10));
	r.cap = 0;
	check("recv_timeout_etimedout", -LNX_ETIMEDOUT, ipc_recv(3, &r, 10));
	check("close_3", 0, ipc_close(3));
	check("close_3_again_enoent", -LNX_ENOENT, ipc_close(3));
	check("reopen_3_after_close", 0, ipc_endpoint(3));
	ipc_close(3);
}

/* The words form's errors: the same rules, no pointer to refuse, and a
 * register left as it was when the call fails. */
static void test_words_errors(void)
{
	uint32_t w[IPC_REG_WORDS] = { 11, 22, 33 };

	check("words_call_bad_number_einval", -LNX_EINVAL, ipc_call_words(16, w, 0));
	check("words_call_unserved_enoent", -LNX_ENOENT, ipc_call_words(7, w, 0));
	check("words_recv_unserved_enoent", -LNX_ENOENT, ipc_reply_recv_words(7, 0, w));
	check("words_reply_negative_caller_esrch", -LNX_ESRCH, ipc_reply_recv_words(7, -1, w));
	ipc_endpoint(3);
	check("words_call_own_endpoint_edeadlk", -LNX_EDEADLK, ipc_call_words(3, w, 0));
	check("words_reply_nobody_called_esrch", -LNX_ESRCH, ipc_reply_recv_words(3, 1, w));
	ipc_close(3);
	check("words_unchanged_after_errors", 11 + 22 + 33, (long)(w[0] + w[1] + w[2]));
}

/* A child may neither receive on, close nor take its parent's endpoint. */
static void test_not_owner(void)
{
	long pid;

	ipc_endpoint(4);
	pid = sys_fork();
	if (pid == 0) {
		struct ipc_msg r = { 0 };
		int bad = (ipc_recv(4, &r, 10) != -LNX_EPERM) +
			  (ipc_close(4) != -LNX_EPERM) * 2 +
			  (ipc_endpoint(4) != -LNX_EBUSY) * 4;
		sys_exit_group(bad);
	}
	check("child_recv_close_open_of_parents_ep_refused", 0, child_status(pid));
	ipc_close(4);
}

/* Bad pointers and sizes: -EFAULT / -E2BIG, and the server never sees them. */
static void test_bad_messages(void)
{
	static uint8_t buf[IPC_BUF_MAX + 1];
	struct ipc_msg m = { .w = { 1 } }, r = { 0 };
	long pid = fork_server(5, echo_server, 0);

	check("call_msg_bad_pointer_efault", -LNX_EFAULT, ipc_call(5, (void *)16, &r, 0));
	check("call_reply_kernel_pointer_efault", -LNX_EFAULT,
	      ipc_call(5, &m, (void *)0xC0000000, 0));
	m.len = IPC_BUF_MAX + 1;
	m.buf = buf;
	check("call_buffer_too_big_e2big", -LNX_E2BIG, ipc_call(5, &m, &r, 0));
	m.len = 10;
	m.buf = (void *)16;
	check("call_buffer_bad_pointer_efault", -LNX_EFAULT, ipc_call(5, &m, &r, 0));
	m.len = 0;
	r.cap = 100;
	r.buf = (void *)0xC0001000;
	check("call_reply_buffer_kernel_efault", -LNX_EFAULT, ipc_call(5, &m, &r, 0));
	r.cap = 0;
	check("call_after_bad_ones", 0, ipc_call(5, &m, &r, 0));
	check("server_saw_one_call_not_the_bad_ones", 1, (long)r.w[1]);
	check("echo_server_exit", 0, stop_echo(5, pid));
}

/* Many round trips: words and buffers come back exactly. */
static void test_round_trips(void)
{
	uint8_t out[64], in[64];
	struct ipc_msg m = { .len = sizeof(out), .buf = out };
	struct ipc_msg r = { .cap = sizeof(in), .buf = in };
	long pid = fork_server(2, echo_server, 0);
	int i, j, wrong = 0;
	long rc = 0;

	for (i = 0; i < 200 && rc == 0; i++) {
		m.w[0] = (uint32_t)i * 7;
		m.w[3] = (uint32_t)i;
		m.w[2] = 0;
		for (j = 0; j < 64; j++)
			out[j] = (uint8_t)(i + j);
		rc = ipc_call(2, &m, &r, 0);
		wrong += r.w[0] != m.w[0] + 1 || r.w[1] != (uint32_t)i + 1 ||
			 r.w[3] != ~m.w[3] || r.len != 64;
		for (j = 0; j < 64; j++)
			wrong += in[j] != out[63 - j];
	}
	check("round_trips_all_succeed", 0, rc);
	check("round_trips_200_done", 200, i);
	check("round_trip_words_and_bytes_wrong", 0, wrong);
	check("echo_server_exit", 0, stop_echo(2, pid));
}

/* A reply longer than the caller's buffer is cut; len says how long it was. */
static void test_truncation(void)
{
	uint8_t in[60];
	struct ipc_msg m = { .w = { 0, 0, 200 } };
	struct ipc_msg r = { .cap = 50, .buf = in };
	long pid = fork_server(2, echo_server, 0);
	int j, wrong = 0;

	memset(in, 0xEE, sizeof(in));
	check("long_reply_call", 0, ipc_call(2, &m, &r, 0));
	check("long_reply_len_is_sent_length", 200, (long)r.len);
	for (j = 0; j < 50; j++)
		wrong += in[j] != (uint8_t)j;
	check("long_reply_first_50_bytes_wrong", 0, wrong);
	check("long_reply_byte_50_untouched", 0xEE, in[50]);
	check("echo_server_exit", 0, stop_echo(2, pid));
}

/* A server that never receives: the call times out and is withdrawn. */
static int sleepy_server(int ep, int go_fd)
{
	struct ipc_msg r = { 0 };

	get_byte(go_fd);                  /* the caller has timed out */
	return ipc_recv(ep, &r, 20) == -LNX_ETIMEDOUT ? 0 : 1;
}

static void test_timeout(void)
{
	int go[2];
	struct ipc_msg m = { 0 }, r = { 0 };
	long pid, t0, rc, ms;

	sys_pipe(go);
	pid = fork_server(6, sleepy_server, go[0]);
	t0 = (long)(nk_now_ns() / 1000000);
	rc = ipc_call(6, &m, &r, 50);
	ms = (long)(nk_now_ns() / 1000000) - t0;
	check("call_timeout_etimedout", -LNX_ETIMEDOUT, rc);
	check_range("call_timeout_took_ms", 49, 2000, ms);
	put_byte(go[1], 'g');
	check("timed_out_call_withdrawn_server_sees_none", 0, child_status(pid));
	sys_close(go[0]);
	sys_close(go[1]);
}

/* The server takes one call and exits without replying; another caller is
 * still queued.  Both wake with -EPIPE; the endpoint is free again. */
static int dying_server(int ep, int got_fd)
{
	struct ipc_msg r = { 0 };

	if (ipc_recv(ep, &r, 0) <= 0)
		return 1;
	put_byte(got_fd, 'r');
	nk_sleep_ms(30);                  /* the other caller queues meanwhile */
	return 0;                         /* exits with a call in hand */
}

static void test_server_dies(void)
{
	int got[2];
	struct ipc_msg m = { 0 }, r = { 0 };
	long server, caller;

	sys_pipe(got);
	server = fork_server(8, dying_server, got[1]);
	caller = sys_fork();
	if (caller == 0)
		sys_exit_group((int)-ipc_call(8, &m, &r, 0));
	get_byte(got[0]);                 /* one call is in the server's hands */
	check("caller_of_dead_server_epipe", -LNX_EPIPE, ipc_call(8, &m, &r, 0));
	check("other_caller_of_dead_server_epipe", LNX_EPIPE, child_status(caller));
	check("dying_server_exit", 0, child_status(server));
	check("endpoint_free_after_server_died", 0, ipc_endpoint(8));
	ipc_close(8);
	sys_close(got[0]);
	sys_close(got[1]);
}

/* The caller is killed while the server works on its call: the reply
 * finds nobody (-ESRCH) and the server goes on serving. */
static int patient_server(int ep, int fds)
{
	int got_fd = fds & 0xFF, go_fd = fds >> 8;
	struct ipc_msg r = { 0 }, a = { 0 };
	long caller = ipc_recv(ep, &r, 0), rc;

	sys_write(got_fd, &caller, sizeof(caller));
	get_byte(go_fd);                  /* the caller is dead and reaped */
	rc = ipc_reply((int)caller, &a);
	caller = ipc_recv(ep, &r, 0);     /* the next call */
	a.w[0] = (uint32_t)rc;
	return caller > 0 && ipc_reply((int)caller, &a) == 0 ? 0 : 1;
}

static void test_caller_dies(void)
{
	int got[2], go[2];
	struct ipc_msg m = { 0 }, r = { 0 };
	long server, victim, seen = 0;

	sys_pipe(got);
	sys_pipe(go);
	server = fork_server(9, patient_server, got[1] | go[0] << 8);
	victim = sys_fork();
	if (victim == 0)
		sys_exit_group((int)-ipc_call(9, &m, &r, 0));
	sys_read(got[0], &seen, sizeof(seen));
	check("server_learns_caller_pid", victim, seen);
	sys_kill((int)victim, SIGKILL);
	check("caller_killed_in_call", 1000 + SIGKILL, child_status(victim));
	put_byte(go[1], 'g');
	check("next_call_served", 0, ipc_call(9, &m, &r, 0));
	check("reply_to_dead_caller_esrch", -LNX_ESRCH, (long)(int32_t)r.w[0]);
	check("patient_server_exit", 0, child_status(server));
	sys_close(got[0]); sys_close(got[1]);
	sys_close(go[0]); sys_close(go[1]);
}

/* A caller killed while its call is still queued: withdrawn, the server
 * never receives it. */
static void test_queued_caller_killed(void)
{
	int go[2];
	struct ipc_msg m = { 0 }, r = { 0 };
	long server, victim;

	sys_pipe(go);
	server = fork_server(6, sleepy_server, go[0]);
	victim = sys_fork();
	if (victim == 0)
		sys_exit_group((int)-ipc_call(6, &m, &r, 0));
	nk_sleep_ms(20);                  /* let it block (either way the check holds) */
	sys_kill((int)victim, SIGKILL);
	check("queued_caller_killed", 1000 + SIGKILL, child_status(victim));
	put_byte(go[1], 'g');
	check("killed_call_withdrawn_server_sees_none", 0, child_status(server));
	sys_close(go[0]);
	sys_close(go[1]);
}

/* Closing an endpoint fails its waiting calls with -EPIPE. */
static int closing_server(int ep, int fds)
{
	int go_fd = fds & 0xFF, done_fd = fds >> 8;

	get_byte(go_fd);
	nk_sleep_ms(20);                  /* the caller blocks meanwhile */
	ipc_close(ep);
	get_byte(done_fd);                /* stay alive: EPIPE came from the close */
	return 0;
}

static void test_close_wakes_callers(void)
{
	int go[2], done[2];
	struct ipc_msg m = { 0 }, r = { 0 };
	long server;

	sys_pipe(go);
	sys_pipe(done);
	server = fork_server(10, closing_server, go[0] | done[0] << 8);
	put_byte(go[1], 'g');
	check("call_on_closed_endpoint_epipe", -LNX_EPIPE, ipc_call(10, &m, &r, 0));
	check("call_after_close_enoent", -LNX_ENOENT, ipc_call(10, &m, &r, 0));
	put_byte(done[1], 'd');
	check("closing_server_exit", 0, child_status(server));
	sys_close(go[0]); sys_close(go[1]);
	sys_close(done[0]); sys_close(done[1]);
}

/* Refusals are decided under the endpoint's lock: while the owner opens
 * and closes an endpoint over and over, two others call it.  Each call
 * finds it closed (-ENOENT) or open, then closed under it (-EPIPE); none is
 * told -EDEADLK ("you serve it"), which only the owner may hear.  Under
 * busyhost=1 every refusal sleeps a tick right after the lock is dropped
 * (kernel/ipc/ipc.c), so the race is met hundreds of times, not by luck;
 * an answer read again after the lock gives -EDEADLK to about a third. */
#define FLAP_EP 11
#define FLAP_CALLS 300

struct call_counts { long enoent, epipe, edeadlk, other; };

/* Busy for about us microseconds (by the clock: the caller keeps its CPU). */
static void spin_us(long us)
{
	long long end = nk_now_ns() + us * 1000LL;

	while (nk_now_ns() < end)
		;
}

/* Open and closed in turn, each for FLAP_US: a refused caller's answer,
 * read again late, would as often find it open as closed. */
#define FLAP_US 100

static void flap_endpoint(int ready_fd)
{
	put_byte(ready_fd, 'f');
	for (;;) {
		ipc_endpoint(FLAP_EP);
		spin_us(FLAP_US);
		ipc_close(FLAP_EP);
		spin_us(FLAP_US);
	}
}

static void call_flapping(int out_fd)
{
	struct ipc_msg m = { 0 }, r = { 0 };
	struct call_counts n = { 0 };
	int i;

	for (i = 0; i < FLAP_CALLS; i++) {
		long rc = ipc_call(FLAP_EP, &m, &r, 0);
		if (rc == -LNX_ENOENT)
			n.enoent++;
		else if (rc == -LNX_EPIPE)
			n.epipe++;
		else if (rc == -LNX_EDEADLK)
			n.edeadlk++;
		else
			n.other++;
	}
	sys_write(out_fd, &n, sizeof(n));
	sys_exit_group(0);
}

static void test_refusal_under_open_close_race(void)
{
	struct call_counts sum = { 0 }, n;
	long flapper, callers[2];
	int out[2], i, reports = 0;

	sys_pipe(out);
	flapper = sys_fork();
	if (flapper == 0)
		flap_endpoint(out[1]);
	get_byte(out[0]);                 /* it flaps: now the calls */
	for (i = 0; i < 2; i++) {
		callers[i] = sys_fork();
		if (callers[i] == 0)
			call_flapping(out[1]);
	}
	for (i = 0; i < 2; i++) {
		if (sys_read(out[0], &n, sizeof(n)) != sizeof(n))
			continue;
		reports++;
		sum.enoent += n.enoent;
		sum.epipe += n.epipe;
		sum.edeadlk += n.edeadlk;
		sum.other += n.other;
		check("flap_caller_exit", 0, child_status(callers[i]));
	}
	sys_kill((int)flapper, SIGKILL);
	check("flapper_killed", 1000 + SIGKILL, child_status(flapper));
	nk_printf("ipctest: open/close race: %d calls: %ld -ENOENT, %ld -EPIPE, "
		  "%ld -EDEADLK, %ld other\n", 2 * FLAP_CALLS, sum.enoent, sum.epipe,
		  sum.edeadlk, sum.other);
	check("flap_callers_reported", 2, reports);
	check("flap_calls_answered_enoent_or_epipe", 2 * FLAP_CALLS, sum.enoent + sum.epipe);
	check("flap_non_owner_never_edeadlk", 0, sum.edeadlk);
	sys_close(out[0]);
	sys_close(out[1]);
}

/* A receive prepares only what a message can fill (the header and at
 * most IPC_BUF_MAX bytes), not its whole cap: a 16 MiB cap prepared whole
 * takes 4100 pages.  Allowed: the buffer's first page and its page table. */
#define HUGE_CAP (16u << 20)

static void test_huge_cap_receive(void)
{
	long buf = sys_mmap(0, HUGE_CAP, 3, 0x22, -1, 0);   /* PROT_RW, PRIVATE|ANON */
	struct ipc_msg r = { .cap = HUGE_CAP, .buf = (void *)buf };
	long before, after, rc;

	check("huge_cap_mmap_16mib_ok", 1, buf != 0 && (unsigned long)buf < 0xFFFFF000ul);
	ipc_endpoint(12);
	before = syscall0(NR_nickel_free_pages);
	rc = ipc_recv(12, &r, 10);
	after = syscall0(NR_nickel_free_pages);
	check("huge_cap_recv_etimedout", -LNX_ETIMEDOUT, rc);
	nk_printf("ipctest: 16 MiB cap receive: free pages %ld before, %ld after\n",
		  before, after);
	check_range("huge_cap_recv_pages_used", 0, 2, before - after);
	ipc_close(12);
	sys_munmap((void *)buf, HUGE_CAP);
}

int main(void)
{
	if (ipc_endpoint(IPC_ENDPOINTS) == -LNX_ENOSYS) {
		nk_printf("ipctest: no IPC calls here (not nickel): skipped\n");
		return 0;
	}
	test_bad_arguments();
	test_words_errors();
	test_not_owner();
	test_bad_messages();
	test_round_trips();
	test_truncation();
	test_timeout();
	test_server_dies();
	test_caller_dies();
	test_queued_caller_killed();
	test_close_wakes_callers();
	test_refusal_under_open_close_race();
	test_huge_cap_receive();
	nk_printf("ipctest: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
