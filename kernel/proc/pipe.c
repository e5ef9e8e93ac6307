/*
 * pipe.c - pipes: a 4 KiB ring, blocking reads and writes.
 * A read blocks while the pipe is empty and has writers (then 0 = EOF); a
 * write blocks while it is full and has readers (none: -EPIPE).  Both wake
 * the other side with a *sync* wake-up, as Linux 2.6's pipe code does
 * (wake_up_interruptible_sync): the waker is about to sleep, so the woken
 * task does not preempt it (v7: try_to_wake_up's sync flag).
 * A read or a write waits, moves its bytes and wakes the other side in one
 * round of the lock (wait_event_locked, wake_up_sync_locked).
 * Lock: wq.lock protects everything in struct pipe.
 */
#include "proc/file.h"
#include "wait.h"
#include "proc/task.h"
#include "mm/heap.h"
#include "proc/abi.h"
#include "lib/string.h"

#define PIPE_SIZE 4096

struct pipe {
	struct wait_queue wq;
	char buf[PIPE_SIZE];
	unsigned head, count;            /* head: next byte to read */
	int readers, writers;
};

static bool can_read(void *arg)
{
	struct pipe *p = arg;
	return p->count > 0 || p->writers == 0 || current->pending_signal;
}

static bool can_write(void *arg)
{
	struct pipe *p = arg;
	return p->count < PIPE_SIZE || p->readers == 0 || current->pending_signal;
}

/* Up to n bytes out of the ring into buf (two pieces when they wrap). */
static size_t ring_take(struct pipe *p, char *buf, size_t n)
{
	size_t got = n < p->count ? n : p->count;
	size_t first = got < PIPE_SIZE - p->head ? got : PIPE_SIZE - p->head;

	memcpy(buf, p->buf + p->head, first);
	if (got > first)
		memcpy(buf + first, p->buf, got - first);
	p->head = (p->head + got) % PIPE_SIZE;
	p->count -= got;
	return got;
}

/* As many of buf's n bytes as fit into the ring. */
static size_t ring_put(struct pipe *p, const char *buf, size_t n)
{
	unsigned tail = (p->head + p->count) % PIPE_SIZE;
	size_t put = n < PIPE_SIZE - p->count ? n : PIPE_SIZE - p->count;
	size_t first = put < PIPE_SIZE - tail ? put : PIPE_SIZE - tail;

	memcpy(p->buf + tail, buf, first);
	if (put > first)
		memcpy(p->buf, buf + first, put - first);
	p->count += put;
	return put;
}

/* Wait, take the bytes and wake the writer in one round of the lock. */
static long pipe_read(struct file *f, char *buf, size_t n)
{
	struct pipe *p = f->priv;
	unsigned long fl = spin_lock_irqsave(&p->wq.lock);
	size_t got;

	wait_event_locked(&p->wq, can_read, p);
	if (p->count == 0) {
		spin_unlock_irqrestore(&p->wq.lock, fl);
		return current->pending_signal ? -EINTR : 0;
	}
	got = ring_take(p, buf, n);
	wake_up_sync_locked(&p->wq);
	spin_unlock_irqrestore(&p->wq.lock, fl);
	return (long)got;
}

static long pipe_write(struct file *f, const char *buf, size_t n)
{
	struct pipe *p = f->priv;
	unsigned long fl = spin_lock_irqsave(&p->wq.lock);
	size_t done = 0;

	while (done < n) {
		wait_event_locked(&p->wq, can_write, p);
		if (p->readers == 0 || current->pending_signal) {
			spin_unlock_irqrestore(&p->wq.lock, fl);
			return done ? (long)done : (p->readers ? -EINTR : -EPIPE);
		}
		done += ring_put(p, buf + done, n - done);
		wake_up_sync_locked(&p->wq);
	}
	spin_unlock_irqrestore(&p->wq.lock, fl);
	return (long)done;
}

static void pipe_release(struct file *f)
{
	struct pipe *p = f->priv;
	unsigned long fl = spin_lock_irqsave(&p->wq.lock);
	int gone;

	if (f->readable)
		p->readers--;
	else
		p->writers--;
	gone = p->readers == 0 && p->writers == 0;
	/* EOF or EPIPE for the other side, woken before the lock goes: once
	 * it is dropped, the other end's last close may free p (the soak,
	 * seed 124: a wake-up on a freed pipe's queue). */
	if (!gone)
		wake_up_locked(&p->wq);
	spin_unlock_irqrestore(&p->wq.lock, fl);
	if (gone)
		kfree(p);
}

static const struct file_ops pipe_ops = { pipe_read, pipe_write, pipe_release, 0 };

int pipe_create(struct file **rd, struct file **wr)
{
	struct pipe *p = kzalloc(sizeof(*p));

	if (!p)
		return -ENOMEM;
	wait_queue_init(&p->wq);
	p->readers = p->writers = 1;
	*rd = file_new(&pipe_ops, p, 1, 0);
	*wr = file_new(&pipe_ops, p, 0, 1);
	if (!*rd || !*wr) {
		kfree(*rd);
		kfree(*wr);
		kfree(p);
		return -ENOMEM;
	}
	return 0;
}
