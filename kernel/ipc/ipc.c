/*
 * ipc.c - endpoints, calls and replies (ipc.h).
 *
 * A call is a record on the caller's kernel stack: queued on the endpoint
 * until the server receives it, then on the endpoint's received list until
 * the server replies, then done.  Whoever ends a call (the reply, the
 * server's exit, the caller's own timeout or signal) unlinks it under
 * ipc_lock, so a record never outlives its caller's wait, and the tasks
 * named by a linked record are alive: a caller unlinks its call before it
 * can exit, a server's exit ends every call on its endpoints.
 *
 * Lock: ipc_lock protects every endpoint and call.  Order: ipc_lock, then
 * the timer lock or a run-queue lock.  Ring-3 memory is never touched
 * here (sys_ipc.c copies with the lock free).
 */
#include "ipc/ipc_core.h"
#include "ipc/ipc_trace.h"
#include "ipc/fastpath.h"
#include "proc/task.h"
#include "proc/abi.h"
#include "sched/ipc_sched.h"
#include "lib/string.h"
#include "spinlock.h"
#include "boot/cmdline.h"
#include "wait.h"

enum call_state { CALL_QUEUED, CALL_RECEIVED, CALL_DONE };

struct ipc_call {
	struct task *caller;
	struct list_node node;          /* ep->queued, then ep->received */
	int ep;
	enum call_state state;
	long result;                    /* the caller's: 0 or -errno */
	struct ipc_kmsg *msg;           /* the request, then the reply */
	struct sched_donation don;      /* ipc=donate, while received */
	bool blocking;                  /* finish: the waker is about to sleep */
};

struct endpoint {
	struct task *owner;             /* NULL: not open */
	struct list_node queued;        /* calls not received yet, oldest first */
	struct list_node received;      /* received, not replied to */
	bool receiving;                 /* the owner sleeps in recv */
};

enum ipc_mode ipc_mode = IPC_QUEUE;
static spinlock_t ipc_lock = SPINLOCK_INIT("ipc");
static struct endpoint endpoints[IPC_ENDPOINTS];

static bool ep_valid(int ep)
{
	return ep >= 0 && ep < IPC_ENDPOINTS;
}

/* The words and the len bytes in use, not the whole buffer (word by
 * word: the kernel's memcpy goes a byte at a time). */
static void copy_msg(struct ipc_kmsg *to, const struct ipc_kmsg *from)
{
	int i;

	for (i = 0; i < IPC_WORDS; i++)
		to->w[i] = from->w[i];
	to->len = from->len;
	if (from->len)
		memcpy(to->buf, from->buf, from->len);
}

/* ---- sleeping and waking, ipc_lock held ---- */

/* A sleep until done(arg), a signal, or timeout_ms (0: no timeout) by
 * both clocks (wait.c: sleep_until).  ipc_lock is held with irqs off
 * around it; the waker names the task (wake below), so no wait queue. */
static struct sleep_on ipc_sleep(bool (*done)(void *), void *arg, uint32_t timeout_ms)
{
	return (struct sleep_on){ .lock = &ipc_lock, .cond = done, .arg = arg,
				  .timeout_ms = timeout_ms, .interruptible = true };
}

/* Wake t, a party of a call.  `blocking`: current is about to sleep (a
 * call, or a reply that goes on to receive): under ipc=handoff and donate
 * the CPU goes straight to t. */
static void wake(struct task *t, bool blocking)
{
	if (blocking && ipc_mode != IPC_QUEUE)
		sched_handoff_wake(&t->se, waker_task(), waker_kind());
	else
		sched_wake_up(&t->se, waker_task(), waker_kind(), blocking);
}

/* ---- donation records (ipc=donate) ----
 *
 * Every call a server has received and not answered, on any endpoint it
 * serves, is one donation record (c->don): the server's prio is the best
 * of its own and of those callers' prios, and a caller that is itself a
 * server waiting in a call passes on what it holds (a chain).  A record
 * ends with its call (reply, close, exit, the caller's timeout or signal).
 * The records and the prio they give: kernel/sched/donation.c. */

/* c's server takes it: a new record. */
static void donation_begin(struct ipc_call *c, struct task *server)
{
	c->don = (struct sched_donation){ 0 };   /* ipc_call left it unset */
	sched_donation_begin(&c->caller->se, &server->se, &c->don);
}

/* c's record ends: its caller is charged, the server keeps its others. */
static void donation_end(struct ipc_call *c, struct task *server)
{
	(void)server;                     /* the record names its server */
	sched_donation_finish(&c->don);
}

/* c leaves its endpoint.  A donation ends after the caller's wake-up
 * (policies give a woken task a fresh slice: the caller must get back what
 * is left of its own, not a new one). */
static void unlink_call(struct ipc_call *c, struct task *woken)
{
	bool donated = c->state == CALL_RECEIVED && c->don.active;

	list_del(&c->node);
	c->state = CALL_DONE;
	if (woken)
		wake(woken, c->blocking);
	if (donated)
		donation_end(c, endpoints[c->ep].owner);
}

/* End call c with `result` for its caller (its reply already in c->msg). */
static void finish(struct ipc_call *c, long result, bool blocking)
{
	c->result = result;
	c->blocking = blocking;
	unlink_call(c, c->caller);
}

/* Every call on e fails with -EPIPE; e closes. */
static void close_locked(int ep)
{
	struct endpoint *e = &endpoints[ep];

	while (!list_empty(&e->received))
		finish(list_first_entry(&e->received, struct ipc_call, node), -EPIPE, false);
	while (!list_empty(&e->queued))
		finish(list_first_entry(&e->queued, struct ipc_call, node), -EPIPE, false);
	ipc_trace(IPC_EV_CLOSE, ep, e->owner, NULL);
	e->owner = NULL;
}

/* ---- endpoints ---- */

int ipc_open(int ep)
{
	unsigned long f;
	int rc = 0;

	if (!ep_valid(ep))
		return -EINVAL;
	f = spin_lock_irqsave(&ipc_lock);
	if (endpoints[ep].owner) {
		rc = -EBUSY;
	} else {
		endpoints[ep].owner = current;
		list_init(&endpoints[ep].queued);
		list_init(&endpoints[ep].received);
	}
	spin_unlock_irqrestore(&ipc_lock, f);
	return rc;
}

int ipc_close(int ep)
{
	unsigned long f;
	int rc = 0;

	if (!ep_valid(ep))
		return -EINVAL;
	f = spin_lock_irqsave(&ipc_lock);
	if (endpoints[ep].owner != current)
		rc = endpoints[ep].owner ? -EPERM : -ENOENT;
	else
		close_locked(ep);
	spin_unlock_irqrestore(&ipc_lock, f);
	return rc;
}

void ipc_task_exit(struct task *t)
{
	unsigned long f = spin_lock_irqsave(&ipc_lock);
	int ep;

	for (ep = 0; ep < IPC_ENDPOINTS; ep++)
		if (endpoints[ep].owner == t)
			close_locked(ep);
	spin_unlock_irqrestore(&ipc_lock, f);
}

/* ---- the caller's side ---- */

/* busyhost=1 (docs/time.md): a refused call loses its CPU for a tick right
 * after the lock goes, as when a tick preempts it just there.  Whoever
 * opens or closes the endpoint meanwhile must not change the answer: with
 * the owner read again after this sleep, 177 of ipctest's 600 calls in
 * its open/close race heard -EDEADLK though they serve nothing. */
static void busyhost_preempted(void)
{
	if (boot_args.busyhost)
		sleep_ms(1);
}

static bool call_done(void *arg)
{
	return ((struct ipc_call *)arg)->state == CALL_DONE;
}

long ipc_call(int ep, struct ipc_kmsg *io, uint32_t timeout_ms)
{
	struct ipc_call c;
	struct sleep_on sleep;
	struct endpoint *e;
	unsigned long f;
	long rc;

	if (!ep_valid(ep))
		return -EINVAL;
	/* Field by field: the donation record (eight words) is set only when
	 * a donation begins, not zeroed on every call. */
	c.caller = current;
	c.ep = ep;
	c.state = CALL_QUEUED;
	c.result = 0;
	c.msg = io;
	c.don.active = false;
	c.blocking = false;
	f = spin_lock_irqsave(&ipc_lock);
	e = &endpoints[ep];
	if (!e->owner || e->owner == current) {
		/* Decided under the lock: once it goes, the owner may open or
		 * close ep, and a caller that serves nothing must never hear
		 * -EDEADLK ("you serve it"). */
		rc = e->owner ? -EDEADLK : -ENOENT;
		spin_unlock_irqrestore(&ipc_lock, f);
		busyhost_preempted();
		return rc;
	}
	list_add_tail(&c.node, &e->queued);
	ipc_trace(IPC_EV_CALL, ep, current, e->owner);
	/* ipc=direct: straight to a waiting server if it can (fastpath.c) */
	if (e->receiving && !ipc_fast_switch(e->owner, ep, &ipc_lock, timeout_ms, io->len))
		wake(e->owner, true);
	rc = 0;
	if (!call_done(&c)) {                   /* done: the fast path answered it */
		sleep = ipc_sleep(call_done, &c, timeout_ms);
		rc = sleep_until(&sleep);
	}
	if (rc == 0)
		rc = c.result;
	else if (c.state != CALL_DONE)
		unlink_call(&c, NULL);           /* timed out or killed: withdraw */
	spin_unlock_irqrestore(&ipc_lock, f);
	return rc;
}

/* ---- the server's side ---- */

/* caller's call among those received on ep (current's), or NULL. */
static struct ipc_call *received_on(int ep, int caller)
{
	struct list_node *n;

	list_for_each(n, &endpoints[ep].received) {
		struct ipc_call *c = list_entry(n, struct ipc_call, node);
		if (c->caller->se.pid == caller)
			return c;
	}
	return NULL;
}

/* The call of `caller` that current received and has not answered: on
 * endpoint `hint` first (ipc_reply_recv's own, where the server loop's
 * call is), then on every endpoint current serves. */
static struct ipc_call *find_received(int hint, int caller)
{
	struct ipc_call *c = NULL;
	int ep;

	if (hint >= 0 && (c = received_on(hint, caller)))
		return c;
	for (ep = 0; ep < IPC_ENDPOINTS && !c; ep++)
		if (ep != hint && endpoints[ep].owner == current)
			c = received_on(ep, caller);
	return c;
}

/* *peer (when not NULL): under ipc=direct, a blocking reply leaves the
 * caller for recv_locked to wake, by the fast path if it can. */
static long reply_locked(int hint, int caller, const struct ipc_kmsg *reply,
			 bool blocking, struct task **peer)
{
	struct ipc_call *c = find_received(hint, caller);

	if (!c)
		return -ESRCH;                   /* not a caller waiting on us */
	copy_msg(c->msg, reply);
	ipc_trace(IPC_EV_REPLY, c->ep, current, c->caller);
	if (peer && blocking && ipc_mode == IPC_DIRECT) {
		*peer = c->caller;
		c->result = 0;
		unlink_call(c, NULL);            /* no donation record under direct */
		return 0;
	}
	finish(c, 0, blocking);
	return 0;
}

static bool has_call(void *arg)
{
	return !list_empty(&((struct endpoint *)arg)->queued);
}

/* Wait for the next call on ep and take it (ipc=donate: a record).
 * peer: a caller just answered (reply_locked) to wake first; the reply
 * had len buffer bytes. */
static long recv_locked(int ep, struct ipc_kmsg *in, uint32_t timeout_ms,
			struct task *peer, uint32_t len)
{
	struct endpoint *e = &endpoints[ep];
	struct sleep_on sleep;
	struct ipc_call *c;
	long rc;

	e->receiving = true;
	if (peer && !ipc_fast_switch(peer, ep, &ipc_lock, timeout_ms, len))
		wake(peer, true);
	rc = 0;
	if (!has_call(e)) {                      /* as in ipc_call */
		sleep = ipc_sleep(has_call, e, timeout_ms);
		rc = sleep_until(&sleep);
	}
	e->receiving = false;
	if (rc)
		return rc;
	c = list_first_entry(&e->queued, struct ipc_call, node);
	list_del(&c->node);
	list_add_tail(&c->node, &e->received);
	c->state = CALL_RECEIVED;
	if (ipc_mode == IPC_DONATE)
		donation_begin(c, current);
	copy_msg(in, c->msg);
	ipc_trace(IPC_EV_RECV, ep, current, c->caller);
	return c->caller->se.pid;
}

long ipc_reply(int caller, const struct ipc_kmsg *reply)
{
	unsigned long f = spin_lock_irqsave(&ipc_lock);
	long rc = reply_locked(-1, caller, reply, false, NULL);

	spin_unlock_irqrestore(&ipc_lock, f);
	return rc;
}

long ipc_reply_recv(int ep, int caller, const struct ipc_kmsg *reply,
		    struct ipc_kmsg *in, uint32_t timeout_ms)
{
	struct task *peer = NULL;
	unsigned long f;
	long rc = 0;

	if (!ep_valid(ep))
		return -EINVAL;
	f = spin_lock_irqsave(&ipc_lock);
	if (endpoints[ep].owner != current)
		rc = endpoints[ep].owner ? -EPERM : -ENOENT;
	else if (caller > 0)
		/* hand the CPU to the caller only if we are going to sleep */
		rc = reply_locked(ep, caller, reply, !has_call(&endpoints[ep]), &peer);
	if (rc == 0)
		rc = recv_locked(ep, in, timeout_ms, peer, peer ? reply->len : 0);
	spin_unlock_irqrestore(&ipc_lock, f);
	return rc;
}

/* ---- the ipc= argument ---- */

static const char *const mode_names[] = { "queue", "handoff", "donate", "direct" };

int ipc_mode_from_name(const char *name)
{
	int m;

	for (m = IPC_QUEUE; m <= IPC_DIRECT; m++)
		if (strcmp(name, mode_names[m]) == 0)
			return m;
	return -1;
}

const char *ipc_mode_name(enum ipc_mode m)
{
	return mode_names[m];
}
