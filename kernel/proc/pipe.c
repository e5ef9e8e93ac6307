/*
 * pipe.c - pipes: a 4 KiB ring, blocking reads and writes.
 * A read blocks while the pipe is empty and has writers (then 0 = EOF); a
 * write blocks while it is full and has readers (none: -EPIPE).  Both wake
 * the other side with a *sync* wake-up, as Linux 2.6's pipe code does
 * (wake_up_interruptible_sync): the waker is about to sleep, so the woken
 * task does not preempt it (v7: try_to_wake_up's sync flag).
 * Lock: wq.lock protects everything in struct pipe.
 */
#include "proc/file.h"
#include "wait.h"
#include "proc/task.h"
#include "mm/heap.h"
#include "proc/abi.h"

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

static long pipe_read(struct file *f, char *buf, size_t n)
{
	struct pipe *p = f->priv;
	unsigned long fl;
	size_t i;

	wait_event(&p->wq, can_read, p);
	fl = spin_lock_irqsave(&p->wq.lock);
	if (p->count == 0) {
		spin_unlock_irqrestore(&p->wq.lock, fl);
		return current->pending_signal ? -EINTR : 0;
	}
	for (i = 0; i < n && p->count; i++) {
		buf[i] = p->buf[p->head];
		p->head = (p->head + 1) % PIPE_SIZE;
		p->count--;
	}
	spin_unlock_irqrestore(&p->wq.lock, fl);
	wake_up_sync(&p->wq);
	return (long)i;
}

static long pipe_write(struct file *f, const char *buf, size_t n)
{
	struct pipe *p = f->priv;
	size_t done = 0;

	while (done < n) {
		unsigned long fl;

		wait_event(&p->wq, can_write, p);
		fl = spin_lock_irqsave(&p->wq.lock);
		if (p->readers == 0 || current->pending_signal) {
			spin_unlock_irqrestore(&p->wq.lock, fl);
			return done ? (long)done : (p->readers ? -EINTR : -EPIPE);
		}
		while (done < n && p->count < PIPE_SIZE) {
			p->buf[(p->head + p->count) % PIPE_SIZE] = buf[done++];
			p->count++;
		}
		spin_unlock_irqrestore(&p->wq.lock, fl);
		wake_up_sync(&p->wq);
	}
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
