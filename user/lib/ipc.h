/*
 * ipc.h - nickel's synchronous IPC from ring 3 (docs/ipc.md).
 *
 * A server serves an endpoint (a number 0..15); a client calls it and
 * blocks until the server replies.  Every call returns the kernel's result
 * unchanged: >= 0 on success, -LNX_Exxx on failure (as nickel.h's sys_*).
 * They are nickel's own calls (1200..1207): on Linux they give -LNX_ENOSYS.
 *
 * A message is IPC_WORDS words and an optional buffer.  Sending: len bytes
 * from buf (at most IPC_BUF_MAX).  Receiving: at most cap bytes into buf,
 * and len = the bytes the sender sent (more than cap: the rest was cut off).
 * timeout_ms = 0 waits for ever; a signal ends any wait.
 */
#ifndef NICKEL_IPC_H
#define NICKEL_IPC_H
#include <stdint.h>
#include "nickel.h"

#define IPC_ENDPOINTS 16
#define IPC_WORDS     4
#define IPC_BUF_MAX   256

#define NR_ipc_endpoint   1200
#define NR_ipc_close      1201
#define NR_ipc_call       1202
#define NR_ipc_recv       1203
#define NR_ipc_reply      1204
#define NR_ipc_reply_recv 1205
#define NR_ipc_call_words 1206
#define NR_ipc_reply_recv_words 1207

struct ipc_msg {
	uint32_t w[IPC_WORDS];
	uint32_t len;
	uint32_t cap;
	void *buf;
};

/* Serve endpoint ep: 0, -EINVAL (no such number), -EBUSY (served). */
long ipc_endpoint(int ep);
/* Stop serving it; calls waiting on it fail with -EPIPE. */
long ipc_close(int ep);
/* Send msg to ep's server, wait for its reply: 0, -EINVAL, -ENOENT (nobody
 * serves ep), -EDEADLK (we do), -EPIPE (the server closed or died),
 * -ETIMEDOUT, -EINTR, -EFAULT, -E2BIG. */
long ipc_call(int ep, const struct ipc_msg *msg, struct ipc_msg *reply,
	      unsigned timeout_ms);
/* Wait for the next call on ep (ours): the caller's pid, or -EPERM (not
 * ours), -ENOENT, -ETIMEDOUT, -EINTR, -EFAULT. */
long ipc_recv(int ep, struct ipc_msg *msg, unsigned timeout_ms);
/* Answer the call of `caller`: 0, or -ESRCH (no call of its is waiting
 * for our reply). */
long ipc_reply(int caller, const struct ipc_msg *msg);
/* ipc_reply then ipc_recv in one call, the server's loop.  A failed reply
 * returns its error and receives nothing. */
long ipc_reply_recv(int ep, int caller, const struct ipc_msg *reply,
		    struct ipc_msg *msg, unsigned timeout_ms);

/* The words form: a message of IPC_REG_WORDS words in registers, both ways,
 * that never passes through memory the kernel must check (docs/ipc.md
 * "Messages in registers").  It meets the pointer form on the other side: a
 * words message arrives as w[0..2] with w[3] = 0 and len = 0, and a
 * longer message arrives here cut to its first three words. */
#define IPC_REG_WORDS 3
/* Inline, as nickel.h's raw calls: the words go in registers and come
 * back in ebx, esi and edi (the registers the kernel writes; the entry
 * gives every other one back as it was). */
/* Call ep with w; on 0 the reply's words are in w.  Errors as ipc_call's
 * but -EFAULT and -E2BIG, which have nothing to check. */
static inline long ipc_call_words(int ep, uint32_t w[IPC_REG_WORDS], unsigned timeout_ms)
{
	long r = NR_ipc_call_words;
	uint32_t b = (uint32_t)ep, s = w[2], d = timeout_ms;

	__asm__ volatile(NK_SYSCALL : "+a"(r), "+b"(b), "+S"(s), "+D"(d)
			 : "c"(w[0]), "d"(w[1]) : "memory", "cc");
	if (r == 0) {
		w[0] = b;
		w[1] = s;
		w[2] = d;
	}
	return r;
}

/* Reply w to caller (0: reply to nobody), then wait, with no timeout, for
 * the next call on ep: its pid, its words in w; or -ESRCH (caller < 0 or
 * not waiting for us), -EPERM, -ENOENT, -EINTR. */
static inline long ipc_reply_recv_words(int ep, int caller, uint32_t w[IPC_REG_WORDS])
{
	long r = NR_ipc_reply_recv_words;
	uint32_t b = (uint32_t)ep, s = w[1], d = w[2];

	__asm__ volatile(NK_SYSCALL : "+a"(r), "+b"(b), "+S"(s), "+D"(d)
			 : "c"(caller), "d"(w[0]) : "memory", "cc");
	if (r > 0) {
		w[0] = b;
		w[1] = s;
		w[2] = d;
	}
	return r;
}
#endif
