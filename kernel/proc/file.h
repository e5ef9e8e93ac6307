/*
 * file.h - open files: the console, read-only module files, pipes.
 * A struct file is shared by every descriptor that refers to it (dup2,
 * fork); `refs` counts them (changed with file_lock held).
 */
#ifndef NICKEL_FILE_H
#define NICKEL_FILE_H
#include <stdint.h>
#include <stddef.h>

struct file;

struct file_ops {
	/* Both may block; return bytes moved, 0 for end of file, or -errno. */
	long (*read)(struct file *f, char *buf, size_t n);
	long (*write)(struct file *f, const char *buf, size_t n);
	void (*release)(struct file *f);       /* the last reference went */
	int is_tty;
};

struct file {
	int refs;
	const struct file_ops *ops;
	void *priv;
	uint32_t pos;
	int readable, writable;
};

struct file *file_new(const struct file_ops *ops, void *priv, int readable, int writable);
void file_get(struct file *f);
void file_put(struct file *f);
struct file *console_file(void);                 /* shared; stdin/out/err */
struct file *module_file_open(const char *name); /* NULL if none */
int pipe_create(struct file **rd, struct file **wr);
#endif
