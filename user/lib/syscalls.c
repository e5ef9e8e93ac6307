/*
 * syscalls.c - newlib's operating-system glue for nickel ring-3 programs.
 *
 * newlib is configured with --disable-newlib-supplied-syscalls, so it calls
 * these (both spellings: the reentrant wrappers in newlib's libc/reent call
 * the plain names for this target, _write_r -> write; other code uses _write).
 * Each is a Linux i386 system call through the kernel's entry (nickel.h).
 *
 * errno convention: the kernel returns -LNX_Exxx (Linux numbers).  Here we set
 * newlib's errno to newlib's number for the same condition
 * (nk_errno_from_linux; equal for 1..34, translated above that, e.g. Linux
 * ENOSYS 38 -> newlib ENOSYS 88), so strerror() and the E* macros of
 * <errno.h> agree; and return -1.  The raw sys_*() calls of nickel.h return
 * the Linux number unchanged.
 * Two errno locations exist: the program's (<errno.h>: *__errno(), in the
 * reent struct) and the global "errno" variable that newlib's _xxx_r wrappers
 * (libc/reent) read after calling us.  set_errno() writes both.
 *
 * Structures are converted between the Linux i386 layouts (32-bit time
 * fields) and newlib's (64-bit time_t).  Open flags and signal numbers are
 * translated too: newlib's values differ from Linux's.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/types.h>

#include "nickel.h"

#define ALIAS(name) __attribute__((alias(name)))

int nk_errno_from_linux(int e)
{
	switch (e) {
	case LNX_EDEADLK:      return EDEADLK;
	case LNX_ENAMETOOLONG: return ENAMETOOLONG;
	case LNX_ENOLCK:       return ENOLCK;
	case LNX_ENOSYS:       return ENOSYS;
	case LNX_ENOTEMPTY:    return ENOTEMPTY;
	case LNX_ELOOP:        return ELOOP;
	case 75 /* EOVERFLOW */: return EOVERFLOW;
	case 84 /* EILSEQ */:  return EILSEQ;
	case 95 /* EOPNOTSUPP */: return EOPNOTSUPP;
	case LNX_ETIMEDOUT:    return ETIMEDOUT;
	default:               return e;   /* 1..34 are the same in both */
	}
}

static void set_errno(int e);   /* at the end: needs errno #undef'd */
#define SET_ERRNO(e) do { int e_ = (e); *__errno() = e_; set_errno(e_); } while (0)

/* Kernel result -> C library result. */
static long ret(long r)
{
	if (r < 0 && r > -4096) {
		SET_ERRNO(nk_errno_from_linux((int)-r));
		return -1;
	}
	return r;
}

static int sig_to_linux(int s)
{
	switch (s) {
	case SIGBUS:  return LNX_SIGBUS;
	case SIGSYS:  return LNX_SIGSYS;
	case SIGUSR1: return LNX_SIGUSR1;
	case SIGUSR2: return LNX_SIGUSR2;
	case SIGCHLD: return LNX_SIGCHLD;
	case SIGCONT: return LNX_SIGCONT;
	case SIGSTOP: return LNX_SIGSTOP;
	case SIGTSTP: return 20;
	case SIGURG:  return 23;
	case SIGIO:   return 29;
	default:      return s;   /* 1..9, 11, 13..15 agree */
	}
}

static int oflags_to_linux(int f)
{
	int l = f & O_ACCMODE;          /* 0 1 2 agree */
	if (f & O_CREAT)     l |= LNX_O_CREAT;
	if (f & O_EXCL)      l |= LNX_O_EXCL;
	if (f & O_NOCTTY)    l |= LNX_O_NOCTTY;
	if (f & O_TRUNC)     l |= LNX_O_TRUNC;
	if (f & O_APPEND)    l |= LNX_O_APPEND;
	if (f & O_NONBLOCK)  l |= LNX_O_NONBLOCK;
	if (f & O_DIRECTORY) l |= LNX_O_DIRECTORY;
	if (f & O_CLOEXEC)   l |= LNX_O_CLOEXEC;
	return l;
}

static void stat_from_linux(struct stat *st, const struct lnx_stat *k)
{
	memset(st, 0, sizeof *st);
	st->st_dev = (dev_t)k->st_dev;
	st->st_ino = k->st_ino;
	st->st_mode = k->st_mode;
	st->st_nlink = k->st_nlink;
	st->st_uid = k->st_uid;
	st->st_gid = k->st_gid;
	st->st_rdev = (dev_t)k->st_rdev;
	st->st_size = (off_t)k->st_size;
	st->st_atim.tv_sec = k->st_atime_;
	st->st_atim.tv_nsec = (long)k->st_atime_nsec;
	st->st_mtim.tv_sec = k->st_mtime_;
	st->st_mtim.tv_nsec = (long)k->st_mtime_nsec;
	st->st_ctim.tv_sec = k->st_ctime_;
	st->st_ctim.tv_nsec = (long)k->st_ctime_nsec;
	st->st_blksize = (blksize_t)k->st_blksize;
	st->st_blocks = (blkcnt_t)k->st_blocks;
}

/* ---- process ---------------------------------------------------------------- */
void _exit(int status)
{
	sys_exit_group(status);
	for (;;)                        /* a kernel without exit_group: plain exit */
		sys_exit(status);
}

int _fork(void) { return (int)ret(sys_fork()); }
int fork(void) ALIAS("_fork");

int _getpid(void) { return (int)sys_getpid(); }
int getpid(void) ALIAS("_getpid");

int _kill(int pid, int sig) { return (int)ret(sys_kill(pid, sig_to_linux(sig))); }
int kill(int pid, int sig) ALIAS("_kill");

/* Wait statuses are passed through in the Linux encoding (low 7 bits: the
 * Linux signal number; bits 8..15: the exit code); newlib's <sys/wait.h>
 * macros decode that encoding.  Compare WTERMSIG() with LNX_SIG*. */
int _wait(int *status) { return (int)ret(sys_waitpid(-1, status, 0)); }
int wait(int *status) ALIAS("_wait");

int _execve(const char *path, char *const argv[], char *const envp[])
{
	return (int)ret(sys_execve(path, argv, envp));
}
int execve(const char *path, char *const argv[], char *const envp[]) ALIAS("_execve");

/* ---- files ------------------------------------------------------------------ */
int _read(int fd, void *buf, size_t n) { return (int)ret(sys_read(fd, buf, n)); }
int read(int fd, void *buf, size_t n) ALIAS("_read");

int _write(int fd, const void *buf, size_t n) { return (int)ret(sys_write(fd, buf, n)); }
int write(int fd, const void *buf, size_t n) ALIAS("_write");

int _open(const char *path, int flags, ...)
{
	__builtin_va_list ap;
	int mode;
	__builtin_va_start(ap, flags);
	mode = (flags & O_CREAT) ? __builtin_va_arg(ap, int) : 0;
	__builtin_va_end(ap);
	return (int)ret(sys_open(path, oflags_to_linux(flags), mode));
}
int open(const char *path, int flags, ...) ALIAS("_open");

int _close(int fd) { return (int)ret(sys_close(fd)); }
int close(int fd) ALIAS("_close");

off_t _lseek(int fd, off_t off, int whence) { return (off_t)ret(sys_lseek(fd, off, whence)); }
off_t lseek(int fd, off_t off, int whence) ALIAS("_lseek");

int _fstat(int fd, struct stat *st)
{
	struct lnx_stat k;
	long r = sys_fstat(fd, &k);
	if (r < 0)
		return (int)ret(r);
	stat_from_linux(st, &k);
	return 0;
}
int fstat(int fd, struct stat *st) ALIAS("_fstat");

int _stat(const char *path, struct stat *st)
{
	struct lnx_stat k;
	long r = syscall2(LNX_SYS_stat, NK_L(path), NK_L(&k));
	if (r < 0)
		return (int)ret(r);
	stat_from_linux(st, &k);
	return 0;
}
int stat(const char *path, struct stat *st) ALIAS("_stat");

int _link(const char *old, const char *new)
{
	return (int)ret(syscall2(LNX_SYS_link, NK_L(old), NK_L(new)));
}
int link(const char *old, const char *new) ALIAS("_link");

int _unlink(const char *path) { return (int)ret(syscall1(LNX_SYS_unlink, NK_L(path))); }
int unlink(const char *path) ALIAS("_unlink");

int mkdir(const char *path, mode_t mode)
{
	return (int)ret(syscall2(39 /* mkdir */, NK_L(path), (long)mode));
}

/* fcntl: the commands F_DUPFD (0), F_GETFD (1), F_SETFD (2) and F_GETFL (3)
 * agree with Linux; flags from F_GETFL/F_SETFL are not translated. */
int fcntl(int fd, int cmd, ...)
{
	__builtin_va_list ap;
	long arg;
	__builtin_va_start(ap, cmd);
	arg = __builtin_va_arg(ap, long);
	__builtin_va_end(ap);
	return (int)ret(syscall3(55 /* fcntl */, fd, cmd, arg));
}

/* A tty answers TCGETS.  A kernel without ioctl (-ENOSYS): treat 0..2 as the
 * console, so stdout stays line-buffered there. */
int _isatty(int fd)
{
	unsigned char termios[64];
	long r = sys_ioctl(fd, LNX_TCGETS, termios);
	if (r == 0)
		return 1;
	if (r == -LNX_ENOSYS && fd >= 0 && fd <= 2)
		return 1;
	SET_ERRNO(r == -LNX_EBADF ? EBADF : ENOTTY);
	return 0;
}
int isatty(int fd) ALIAS("_isatty");

/* ---- memory ----------------------------------------------------------------- */
/* sbrk over brk(2): brk(0) reports the break, brk(p) moves it and returns the
 * new break (the old one on failure).  Negative increments shrink. */
static unsigned long cur_brk;

void *_sbrk(ptrdiff_t inc)
{
	unsigned long old, want;
	long got;

	if (cur_brk == 0)
		cur_brk = (unsigned long)sys_brk(0);
	old = cur_brk;
	if (inc == 0)
		return (void *)old;
	want = old + (unsigned long)inc;
	if ((inc > 0 && want < old) || (inc < 0 && want > old)) {
		SET_ERRNO(ENOMEM);
		return (void *)-1;
	}
	got = sys_brk((void *)want);
	if ((unsigned long)got != want) {
		SET_ERRNO(ENOMEM);
		return (void *)-1;
	}
	cur_brk = want;
	return (void *)old;
}
void *sbrk(ptrdiff_t inc) ALIAS("_sbrk");

/* ---- time ------------------------------------------------------------------- */
int _gettimeofday(struct timeval *tv, void *tz)
{
	struct lnx_timeval k;
	long r = sys_gettimeofday(&k, (struct lnx_timezone *)tz);
	if (r < 0)
		return (int)ret(r);
	if (tv) {
		tv->tv_sec = k.tv_sec;
		tv->tv_usec = k.tv_usec;
	}
	return 0;
}
int gettimeofday(struct timeval *tv, void *tz) ALIAS("_gettimeofday");

clock_t _times(struct tms *t)
{
	struct lnx_tms k;
	long r = sys_times(&k);
	if (r < 0 && r > -4096)
		return (clock_t)ret(r);
	if (t) {
		t->tms_utime = (clock_t)k.tms_utime;
		t->tms_stime = (clock_t)k.tms_stime;
		t->tms_cutime = (clock_t)k.tms_cutime;
		t->tms_cstime = (clock_t)k.tms_cstime;
	}
	return (clock_t)r;
}
clock_t times(struct tms *t) ALIAS("_times");

/* ---- things newlib references that a teaching kernel does not have ---------- */
int getentropy(void *buf, size_t n)
{
	(void)buf; (void)n;
	SET_ERRNO(ENOSYS);
	return -1;
}

/* No signal masks: newlib's signal() emulation is user-space only. */
int sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	(void)how; (void)set;
	if (old)
		*old = 0;
	return 0;
}

/* newlib's global errno (libc/reent/reent.c), read by its _xxx_r wrappers. */
#undef errno
extern int errno;
static void set_errno(int e)
{
	errno = e;
}
