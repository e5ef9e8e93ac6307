/* file.c - struct file reference counting, the console and module files. */
#include "proc/file.h"
#include "mm/heap.h"
#include "spinlock.h"
#include "console/printk.h"
#include "boot/module.h"
#include "lib/string.h"
#include "proc/abi.h"

static spinlock_t file_lock = SPINLOCK_INIT("files");

struct file *file_new(const struct file_ops *ops, void *priv, int readable, int writable)
{
	struct file *f = kzalloc(sizeof(*f));

	if (!f)
		return 0;
	f->refs = 1;
	f->ops = ops;
	f->priv = priv;
	f->readable = readable;
	f->writable = writable;
	return f;
}

void file_get(struct file *f)
{
	unsigned long fl = spin_lock_irqsave(&file_lock);
	f->refs++;
	spin_unlock_irqrestore(&file_lock, fl);
}

void file_put(struct file *f)
{
	unsigned long fl = spin_lock_irqsave(&file_lock);
	int last = --f->refs == 0;

	spin_unlock_irqrestore(&file_lock, fl);
	if (!last)
		return;
	if (f->ops->release)
		f->ops->release(f);
	kfree(f);
}

/* ---- the console: writes go to serial + VGA; reads see end of file ---- */

static long console_read(struct file *f, char *buf, size_t n)
{
	(void)f; (void)buf; (void)n;
	return 0;            /* keys belong to the console thread (keys.c) */
}

static long console_write_op(struct file *f, const char *buf, size_t n)
{
	(void)f;
	console_write(buf, (unsigned)n);
	return (long)n;
}

static const struct file_ops console_ops = { console_read, console_write_op, 0, 1 };
static struct file console = { 1, &console_ops, 0, 0, 1, 1 };

struct file *console_file(void)
{
	file_get(&console);              /* never reaches 0: one ref is static */
	return &console;
}

/* ---- module files: read-only, whole module as the file's bytes ---- */

static long module_read(struct file *f, char *buf, size_t n)
{
	const struct module *m = f->priv;
	size_t left = m->size - f->pos;

	if (n > left)
		n = left;
	memcpy(buf, (const char *)m->data + f->pos, n);
	f->pos += n;
	return (long)n;
}

static long module_write(struct file *f, const char *buf, size_t n)
{
	(void)f; (void)buf; (void)n;
	return -EBADF;
}

static const struct file_ops module_ops = { module_read, module_write, 0, 0 };

struct file *module_file_open(const char *name)
{
	const struct module *m = module_find_any(name);
	return m ? file_new(&module_ops, (void *)m, 1, 0) : 0;
}
