/* sys_file.c - read, write, writev, open, close, dup2, pipe, ioctl. */
#include "proc/syscall.h"
#include "proc/file.h"
#include "proc/task.h"
#include "mm/uaccess.h"
#include "proc/abi.h"
#include "mm/heap.h"
#include "mm/mm.h"
#include "lib/string.h"

#define CHUNK 4096

static struct file *fd_file(uint32_t fd)
{
	return fd < NR_FDS ? current->fd[fd] : 0;
}

static int fd_alloc(struct file *f)
{
	int i;

	for (i = 0; i < NR_FDS; i++)
		if (!current->fd[i]) {
			current->fd[i] = f;
			return i;
		}
	return -EMFILE;
}

/* A transfer this small goes through a buffer on the kernel stack: a
 * pipe's byte costs no trip to the heap. */
#define SMALL_IO 256

/* One chunk per call: a read may return less than asked (POSIX allows).
 * The user buffer is checked before the read, so that a bad one costs no
 * bytes of a pipe (uaccess.h, "check once, copy later"). */
static long sys_read(struct syscall_args *sa)
{
	struct file *f = fd_file(sa->a[0]);
	size_t n = sa->a[2] < CHUNK ? sa->a[2] : CHUNK;
	char small[SMALL_IO], *buf = small;
	long r;

	if (!f || !f->readable)
		return -EBADF;
	if (n == 0)
		return 0;
	if (user_range_prepare(sa->a[1], n, 1) != 0)
		return -EFAULT;
	if (n > SMALL_IO && !(buf = kmalloc(n)))
		return -ENOMEM;
	r = f->ops->read(f, buf, n);
	if (r > 0)
		copy_to_prepared_user(sa->a[1], buf, (size_t)r);
	if (buf != small)
		kfree(buf);
	return r;
}

/* ubuf..ubuf+len was prepared by the caller (user_range_prepare). */
static long write_user(struct file *f, uint32_t ubuf, uint32_t len)
{
	char small[SMALL_IO], *buf = small;
	uint32_t done = 0;
	long r = 0;

	if (len > SMALL_IO && !(buf = kmalloc(CHUNK)))
		return -ENOMEM;
	while (done < len) {
		uint32_t n = len - done < CHUNK ? len - done : CHUNK;

		copy_from_prepared_user(buf, ubuf + done, n);
		r = f->ops->write(f, buf, n);
		if (r <= 0)
			break;
		done += (uint32_t)r;
	}
	if (buf != small)
		kfree(buf);
	return done ? (long)done : r;
}

static long sys_write(struct syscall_args *sa)
{
	struct file *f = fd_file(sa->a[0]);

	if (!f || !f->writable)
		return -EBADF;
	if (user_range_prepare(sa->a[1], sa->a[2], 0) != 0)
		return -EFAULT;
	return write_user(f, sa->a[1], sa->a[2]);
}

static long sys_writev(struct syscall_args *sa)
{
	struct file *f = fd_file(sa->a[0]);
	uint32_t i, iov[2];
	long total = 0, r;

	if (!f || !f->writable)
		return -EBADF;
	if (sa->a[2] > 1024)
		return -EINVAL;
	for (i = 0; i < sa->a[2]; i++) {
		if (copy_from_user(iov, sa->a[1] + 8 * i, 8) != 0)
			return -EFAULT;
		if (user_range_prepare(iov[0], iov[1], 0) != 0)
			return -EFAULT;
		r = write_user(f, iov[0], iov[1]);
		if (r < 0)
			return total ? total : r;
		total += r;
	}
	return total;
}

/* open: "/dev/console" or a module's name, read-only. */
static long sys_open(struct syscall_args *sa)
{
	char path[64];
	struct file *f;
	long r = strncpy_from_user(path, sa->a[0], sizeof(path));
	const char *name = path, *p;
	int fd;

	if (r < 0)
		return r;
	for (p = path; *p; p++)
		if (*p == '/')
			name = p + 1;
	if (!strcmp(path, "/dev/console") || !strcmp(path, "/dev/tty"))
		f = console_file();
	else if ((sa->a[1] & O_ACCMODE) != 0)
		return -EACCES;
	else if (!(f = module_file_open(name)))
		return -ENOENT;
	fd = fd_alloc(f);
	if (fd < 0)
		file_put(f);
	return fd;
}

static long sys_close(struct syscall_args *sa)
{
	struct file *f = fd_file(sa->a[0]);

	if (!f)
		return -EBADF;
	current->fd[sa->a[0]] = 0;
	file_put(f);
	return 0;
}

static long sys_dup2(struct syscall_args *sa)
{
	struct file *f = fd_file(sa->a[0]);
	uint32_t to = sa->a[1];

	if (!f || to >= NR_FDS)
		return -EBADF;
	if (to == sa->a[0])
		return (long)to;
	if (current->fd[to])
		file_put(current->fd[to]);
	file_get(f);
	current->fd[to] = f;
	return (long)to;
}

static long sys_pipe(struct syscall_args *sa)
{
	struct file *rd, *wr;
	int fds[2];
	long r;

	if (mm_prepare_access(current->mm, sa->a[0], 8, 1) != 0)
		return -EFAULT;
	r = pipe_create(&rd, &wr);
	if (r < 0)
		return r;
	fds[0] = fd_alloc(rd);
	fds[1] = fds[0] < 0 ? -EMFILE : fd_alloc(wr);
	if (fds[1] < 0) {
		if (fds[0] >= 0)
			current->fd[fds[0]] = 0;
		file_put(rd);
		file_put(wr);
		return -EMFILE;
	}
	return copy_to_user(sa->a[0], fds, 8);
}

/* ioctl: just enough for isatty (TCGETS on the console). */
static long sys_ioctl(struct syscall_args *sa)
{
	struct file *f = fd_file(sa->a[0]);
	char termios[60] = { 0 };

	if (!f)
		return -EBADF;
	if (sa->a[1] != 0x5401 || !f->ops->is_tty)
		return -ENOTTY;
	return copy_to_user(sa->a[2], termios, sizeof(termios));
}

void sys_file_init(void)
{
	syscall_register(NR_read, sys_read);
	syscall_register(NR_write, sys_write);
	syscall_register(NR_writev, sys_writev);
	syscall_register(NR_open, sys_open);
	syscall_register(NR_close, sys_close);
	syscall_register(NR_dup2, sys_dup2);
	syscall_register(NR_pipe, sys_pipe);
	syscall_register(NR_ioctl, sys_ioctl);
}
