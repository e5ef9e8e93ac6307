/*
 * sys_ipc.c - the IPC system calls (numbers 1200..1207, abi.h): ring-3
 * messages (struct ipc_umsg) in and out of kernel copies, then ipc.c.
 * Every pointer is checked before anything happens, so a bad one returns
 * -EFAULT and leaves no call half made; buffers over IPC_BUF_MAX: -E2BIG.
 */
#include "ipc/ipc_core.h"
#include "proc/syscall.h"
#include "proc/abi.h"
#include "proc/task.h"
#include "mm/mm.h"
#include "mm/uaccess.h"
#include "boot/cmdline.h"
#include "lib/string.h"
#include "arch/trap.h"

/*
 * The message header (7 words) is copied a word at a time after one check
 * (user_range_prepare, uaccess.h: a header inside one present page costs
 * one page-table look-up), and a call's two headers in one page share
 * that check: copy_from_user would check it again, and the checks cost
 * more than the rest of the system call (docs/costs.md, "What an IPC
 * round trip costs").  Only the optional buffer goes through
 * copy_from_user / copy_to_user.
 */
#define HDR ((uint32_t)sizeof(struct ipc_umsg))
#define PAGE_OF(va) ((va) & ~(uint32_t)4095)

static int prepare(uint32_t va, uint32_t len, int write)
{
	return user_range_prepare(va, len, write);
}

/* A call's two headers, the message read and the reply written, are
 * mostly in one page (two structs on the caller's stack): then one
 * writable check covers both.  True: both are prepared.  False: nothing
 * was decided, each is checked on its own (and fails as it did alone). */
static bool prepare_both(uint32_t in, uint32_t out)
{
	uint32_t lo = in < out ? in : out, hi = (in < out ? out : in) + HDR - 1;

	return hi > lo && PAGE_OF(lo) == PAGE_OF(hi) && prepare(lo, hi - lo + 1, 1) == 0;
}

/* A message to send: its words and len bytes of its buffer (len read
 * once).  `prepared`: the header was checked already. */
static long msg_in(uint32_t uptr, struct ipc_kmsg *k, bool prepared)
{
	const struct ipc_umsg *from = (const struct ipc_umsg *)uptr;
	uint32_t len;
	int i;

	if (!prepared && prepare(uptr, HDR, 0) != 0)
		return -EFAULT;
	len = from->len;
	if (len > IPC_BUF_MAX)
		return -E2BIG;
	for (i = 0; i < IPC_WORDS; i++)
		k->w[i] = from->w[i];
	k->len = len;
	if (len && copy_from_user(k->buf, from->buf, len) != 0)
		return -EFAULT;
	return 0;
}

/* A message to receive into: its header writable (read: cap and buf),
 * and the part of its buffer a message can fill: at most IPC_BUF_MAX
 * bytes, however large cap is (prepared whole, a 16 MiB cap faults in
 * 4100 pages that nothing writes; ipctest huge_cap_recv_pages_used). */
static long msg_out_check(uint32_t uptr, struct ipc_umsg *u, bool prepared)
{
	const struct ipc_umsg *from = (const struct ipc_umsg *)uptr;

	if (!prepared && prepare(uptr, HDR, 1) != 0)
		return -EFAULT;
	u->cap = from->cap;
	u->buf = from->buf;
	if (u->cap > IPC_BUF_MAX)
		u->cap = IPC_BUF_MAX;
	if (u->cap && prepare(u->buf, u->cap, 1) != 0)
		return -EFAULT;
	return 0;
}

/* Deliver k: its words and len, and the bytes that fit in the receiver's
 * cap (len says how many were sent).  msg_out_check made the header
 * present and writable before the call slept, and it stays so: an mm
 * belongs to one task (no CLONE_VM), so nothing unmaps it or shares it
 * copy-on-write while its task sleeps.  The buffer goes through
 * copy_to_user, checked again. */
static void msg_out(uint32_t uptr, struct ipc_umsg *u, const struct ipc_kmsg *k)
{
	uint32_t n = k->len < u->cap ? k->len : u->cap;
	struct ipc_umsg *to = (struct ipc_umsg *)uptr;
	int i;

	if (n)
		copy_to_user(u->buf, k->buf, n);
	for (i = 0; i < IPC_WORDS; i++)
		to->w[i] = k->w[i];
	to->len = k->len;
}

static long sys_ipc_endpoint(struct syscall_args *sa)
{
	return ipc_open((int)sa->a[0]);
}

static long sys_ipc_close(struct syscall_args *sa)
{
	return ipc_close((int)sa->a[0]);
}

/* ipc_call(ep, msg, reply, timeout_ms) */
static long sys_ipc_call(struct syscall_args *sa)
{
	struct ipc_kmsg k;
	struct ipc_umsg r;
	bool both = prepare_both(sa->a[1], sa->a[2]);
	long rc;

	if ((rc = msg_in(sa->a[1], &k, both)) != 0 ||
	    (rc = msg_out_check(sa->a[2], &r, both)) != 0)
		return rc;
	rc = ipc_call((int)sa->a[0], &k, sa->a[3]);
	if (rc == 0)
		msg_out(sa->a[2], &r, &k);
	return rc;
}

/* ipc_recv(ep, msg, timeout_ms): the caller's pid */
static long sys_ipc_recv(struct syscall_args *sa)
{
	struct ipc_kmsg k;
	struct ipc_umsg u;
	long rc;

	if ((rc = msg_out_check(sa->a[1], &u, false)) != 0)
		return rc;
	rc = ipc_reply_recv((int)sa->a[0], 0, NULL, &k, sa->a[2]);
	if (rc > 0)
		msg_out(sa->a[1], &u, &k);
	return rc;
}

/* ipc_reply(caller, msg) */
static long sys_ipc_reply(struct syscall_args *sa)
{
	struct ipc_kmsg k;
	long rc;

	if ((rc = msg_in(sa->a[1], &k, false)) != 0)
		return rc;
	return ipc_reply((int)sa->a[0], &k);
}

/* ipc_reply_recv(ep, caller, reply, msg, timeout_ms): the next caller's pid */
static long sys_ipc_reply_recv(struct syscall_args *sa)
{
	struct ipc_kmsg reply, k;
	struct ipc_umsg u;
	bool both;
	long rc;

	if ((int)sa->a[1] <= 0)
		return -ESRCH;
	both = prepare_both(sa->a[2], sa->a[3]);
	if ((rc = msg_in(sa->a[2], &reply, both)) != 0 ||
	    (rc = msg_out_check(sa->a[3], &u, both)) != 0)
		return rc;
	rc = ipc_reply_recv((int)sa->a[0], (int)sa->a[1], &reply, &k, sa->a[4]);
	if (rc > 0)
		msg_out(sa->a[3], &u, &k);
	return rc;
}

/*
 * The words form (docs/ipc.md "Messages in registers"): a message of three
 * words that never touches ring-3 memory, as L4's and seL4's short
 * messages travel.  In: the words in registers; out: the other side's
 * first three words in ebx, esi and edi, the registers the way back to
 * ring 3 gives back from the frame (SYSEXIT's stub restores ecx, edx and
 * ebp from the user stack, sysenter_entry.asm).  Sent, the fourth word
 * and len are 0; received, the rest of a longer message is cut off, as a
 * small cap cuts a buffer.  No pointer, so no check and no copy: the
 * register form is what the fast path (ipc=direct) is for.
 */
static void words_in(struct ipc_kmsg *k, uint32_t w0, uint32_t w1, uint32_t w2)
{
	k->w[0] = w0;
	k->w[1] = w1;
	k->w[2] = w2;
	k->w[3] = 0;
	k->len = 0;
}

static void words_out(struct trap_frame *f, const struct ipc_kmsg *k)
{
	f->ebx = k->w[0];
	f->esi = k->w[1];
	f->edi = k->w[2];
}

/* ipc_call_words(ep, w0, w1, w2, timeout_ms): 0, the reply in ebx esi edi */
static long sys_ipc_call_words(struct syscall_args *sa)
{
	struct ipc_kmsg k;
	long rc;

	words_in(&k, sa->a[1], sa->a[2], sa->a[3]);
	rc = ipc_call((int)sa->a[0], &k, sa->a[4]);
	if (rc == 0)
		words_out(sa->frame, &k);
	return rc;
}

/* ipc_reply_recv_words(ep, caller, w0, w1, w2): answer caller (0: nobody),
 * then wait, with no timeout, for the next call: its pid, its words in
 * ebx esi edi. */
static long sys_ipc_reply_recv_words(struct syscall_args *sa)
{
	struct ipc_kmsg reply, k;
	long rc;

	if ((int)sa->a[1] < 0)
		return -ESRCH;
	words_in(&reply, sa->a[2], sa->a[3], sa->a[4]);
	rc = ipc_reply_recv((int)sa->a[0], (int)sa->a[1], &reply, &k, 0);
	if (rc > 0)
		words_out(sa->frame, &k);
	return rc;
}

void sys_ipc_init(void)
{
	int m = ipc_mode_from_name(boot_args.ipc);

	ipc_mode = m < 0 ? IPC_QUEUE : (enum ipc_mode)m;   /* cmdline.c checked it */
	syscall_register(NR_ipc_endpoint, sys_ipc_endpoint);
	syscall_register(NR_ipc_close, sys_ipc_close);
	syscall_register(NR_ipc_call, sys_ipc_call);
	syscall_register(NR_ipc_recv, sys_ipc_recv);
	syscall_register(NR_ipc_reply, sys_ipc_reply);
	syscall_register(NR_ipc_reply_recv, sys_ipc_reply_recv);
	/* no ring-3 memory, so no fault: they may start with interrupts off
	 * (ipc.c takes ipc_lock with them off anyway) */
	syscall_register_irqs_off(NR_ipc_call_words, sys_ipc_call_words);
	syscall_register_irqs_off(NR_ipc_reply_recv_words, sys_ipc_reply_recv_words);
}
