/*
 * sys_ipc.c - the IPC system calls (numbers 1200..1205, abi.h): ring-3
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

/* A message to send: its words and len bytes of its buffer. */
static long msg_in(uint32_t uptr, struct ipc_kmsg *k)
{
	struct ipc_umsg u;

	if (copy_from_user(&u, uptr, sizeof(u)) != 0)
		return -EFAULT;
	if (u.len > IPC_BUF_MAX)
		return -E2BIG;
	memcpy(k->w, u.w, sizeof(k->w));
	k->len = u.len;
	if (u.len && copy_from_user(k->buf, u.buf, u.len) != 0)
		return -EFAULT;
	return 0;
}

/* A message to receive into: its header writable, cap bytes of buffer. */
static long msg_out_check(uint32_t uptr, struct ipc_umsg *u)
{
	if (copy_from_user(u, uptr, sizeof(*u)) != 0 ||
	    mm_prepare_access(current->mm, uptr, sizeof(*u), 1) != 0)
		return -EFAULT;
	if (u->cap && mm_prepare_access(current->mm, u->buf, u->cap, 1) != 0)
		return -EFAULT;
	return 0;
}

/* Deliver k; bytes beyond the receiver's cap are cut off, len says how
 * many were sent.  Checked before, so it cannot fail. */
static void msg_out(uint32_t uptr, struct ipc_umsg *u, const struct ipc_kmsg *k)
{
	uint32_t n = k->len < u->cap ? k->len : u->cap;

	memcpy(u->w, k->w, sizeof(u->w));
	u->len = k->len;
	if (n)
		copy_to_user(u->buf, k->buf, n);
	copy_to_user(uptr, u, sizeof(*u));
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
	long rc;

	if ((rc = msg_in(sa->a[1], &k)) != 0 || (rc = msg_out_check(sa->a[2], &r)) != 0)
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

	if ((rc = msg_out_check(sa->a[1], &u)) != 0)
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

	if ((rc = msg_in(sa->a[1], &k)) != 0)
		return rc;
	return ipc_reply((int)sa->a[0], &k);
}

/* ipc_reply_recv(ep, caller, reply, msg, timeout_ms): the next caller's pid */
static long sys_ipc_reply_recv(struct syscall_args *sa)
{
	struct ipc_kmsg reply, k;
	struct ipc_umsg u;
	long rc;

	if ((int)sa->a[1] <= 0)
		return -ESRCH;
	if ((rc = msg_in(sa->a[2], &reply)) != 0 || (rc = msg_out_check(sa->a[3], &u)) != 0)
		return rc;
	rc = ipc_reply_recv((int)sa->a[0], (int)sa->a[1], &reply, &k, sa->a[4]);
	if (rc > 0)
		msg_out(sa->a[3], &u, &k);
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
}
