/*
 * nickel.h - raw Linux-i386 system calls for ring-3 programs, for what newlib
 * does not offer (sleeping, clocks, pipes, scheduling, mmap ...).
 *
 * Every sys_*() returns the kernel's result unchanged: >= 0 on success,
 * -LNX_Exxx (Linux errno numbers, linux_syscalls.h) on failure.  They do NOT
 * touch errno.  (newlib's own calls - write(), fork(), ... - go through
 * syscalls.c, which sets errno in newlib's numbering.)
 *
 * Structures passed to the kernel use the Linux i386 layouts (32-bit time
 * fields), which are not newlib's (newlib's time_t is 64-bit): use the lnx_*
 * structs below with these calls.
 */
#ifndef NICKEL_H
#define NICKEL_H

#include "linux_syscalls.h"

struct lnx_timespec { long tv_sec; long tv_nsec; };
struct lnx_timeval  { long tv_sec; long tv_usec; };
struct lnx_timezone { int tz_minuteswest; int tz_dsttime; };
struct lnx_tms { long tms_utime, tms_stime, tms_cutime, tms_cstime; };
struct lnx_rusage {               /* Linux's struct rusage (i386) */
	struct lnx_timeval ru_utime, ru_stime;
	long ru_maxrss, ru_ixrss, ru_idrss, ru_isrss, ru_minflt, ru_majflt, ru_nswap;
	long ru_inblock, ru_oublock, ru_msgsnd, ru_msgrcv, ru_nsignals;
	long ru_nvcsw, ru_nivcsw;     /* switches away: blocked, still runnable */
};
#define LNX_RUSAGE_SELF       0
#define LNX_RUSAGE_CHILDREN (-1)
struct lnx_sched_param { int sched_priority; };
struct lnx_utsname {
	char sysname[65], nodename[65], release[65], version[65], machine[65],
	     domainname[65];
};
/* The i386 "struct stat" of fstat(108)/stat(106). */
struct lnx_stat {
	unsigned long  st_dev;
	unsigned long  st_ino;
	unsigned short st_mode;
	unsigned short st_nlink;
	unsigned short st_uid;
	unsigned short st_gid;
	unsigned long  st_rdev;
	unsigned long  st_size;
	unsigned long  st_blksize;
	unsigned long  st_blocks;
	unsigned long  st_atime_, st_atime_nsec;
	unsigned long  st_mtime_, st_mtime_nsec;
	unsigned long  st_ctime_, st_ctime_nsec;
	unsigned long  unused4, unused5;
};

/* ---- raw calls: number in eax, args in ebx ecx edx esi edi (ebp) ----------
 * Through __nk_sysinfo: the kernel's fast entry when the auxiliary vector
 * names one (AT_SYSINFO: nickel's SYSENTER page, Linux's vDSO
 * __kernel_vsyscall), else __nk_int80 (int $0x80; ret).  Either preserves
 * every register but eax, as a call clobbers the flags. */
#define NK_AT_SYSINFO 32
extern long (*__nk_sysinfo)(void);
long __nk_int80(void);
#define NK_SYSCALL "call *__nk_sysinfo"
static inline long syscall0(long n)
{
	long r;
	__asm__ volatile(NK_SYSCALL : "=a"(r) : "a"(n) : "memory", "cc");
	return r;
}
static inline long syscall1(long n, long a)
{
	long r;
	__asm__ volatile(NK_SYSCALL : "=a"(r) : "a"(n), "b"(a) : "memory", "cc");
	return r;
}
static inline long syscall2(long n, long a, long b)
{
	long r;
	__asm__ volatile(NK_SYSCALL : "=a"(r) : "a"(n), "b"(a), "c"(b) : "memory", "cc");
	return r;
}
static inline long syscall3(long n, long a, long b, long c)
{
	long r;
	__asm__ volatile(NK_SYSCALL : "=a"(r)
			 : "a"(n), "b"(a), "c"(b), "d"(c) : "memory", "cc");
	return r;
}
static inline long syscall4(long n, long a, long b, long c, long d)
{
	long r;
	__asm__ volatile(NK_SYSCALL : "=a"(r)
			 : "a"(n), "b"(a), "c"(b), "d"(c), "S"(d) : "memory", "cc");
	return r;
}
static inline long syscall5(long n, long a, long b, long c, long d, long e)
{
	long r;
	__asm__ volatile(NK_SYSCALL : "=a"(r)
			 : "a"(n), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e) : "memory", "cc");
	return r;
}
/* Six arguments need ebp, which C code cannot hand to inline asm: in syscall6.S. */
long syscall6(long n, long a, long b, long c, long d, long e, long f);

#define NK_L(x) ((long)(x))

/* ---- process ---------------------------------------------------------------- */
static inline long sys_exit(int status) { return syscall1(LNX_SYS_exit, status); }
static inline long sys_exit_group(int status) { return syscall1(LNX_SYS_exit_group, status); }
static inline long sys_fork(void) { return syscall0(LNX_SYS_fork); }
static inline long sys_getpid(void) { return syscall0(LNX_SYS_getpid); }
static inline long sys_getppid(void) { return syscall0(LNX_SYS_getppid); }
static inline long sys_kill(int pid, int sig) { return syscall2(LNX_SYS_kill, pid, sig); }
static inline long sys_waitpid(int pid, int *status, int options)
{ return syscall3(LNX_SYS_waitpid, pid, NK_L(status), options); }
static inline long sys_wait4(int pid, int *status, int options, void *rusage)
{ return syscall4(LNX_SYS_wait4, pid, NK_L(status), options, NK_L(rusage)); }
static inline long sys_execve(const char *path, char *const argv[], char *const envp[])
{ return syscall3(LNX_SYS_execve, NK_L(path), NK_L(argv), NK_L(envp)); }

/* ---- files ------------------------------------------------------------------ */
static inline long sys_read(int fd, void *buf, unsigned long n)
{ return syscall3(LNX_SYS_read, fd, NK_L(buf), (long)n); }
static inline long sys_write(int fd, const void *buf, unsigned long n)
{ return syscall3(LNX_SYS_write, fd, NK_L(buf), (long)n); }
static inline long sys_open(const char *path, int flags, int mode)
{ return syscall3(LNX_SYS_open, NK_L(path), flags, mode); }
static inline long sys_close(int fd) { return syscall1(LNX_SYS_close, fd); }
static inline long sys_lseek(int fd, long off, int whence)
{ return syscall3(LNX_SYS_lseek, fd, off, whence); }
static inline long sys_pipe(int fds[2]) { return syscall1(LNX_SYS_pipe, NK_L(fds)); }
static inline long sys_dup(int fd) { return syscall1(LNX_SYS_dup, fd); }
static inline long sys_dup2(int oldfd, int newfd) { return syscall2(LNX_SYS_dup2, oldfd, newfd); }
static inline long sys_fstat(int fd, struct lnx_stat *st)
{ return syscall2(LNX_SYS_fstat, fd, NK_L(st)); }
static inline long sys_ioctl(int fd, unsigned long req, void *arg)
{ return syscall3(LNX_SYS_ioctl, fd, (long)req, NK_L(arg)); }

/* ---- memory ----------------------------------------------------------------- */
/* brk(0) returns the current break; brk(p) returns the new break, or the old
 * one if it could not move (Linux semantics: never -errno). */
static inline long sys_brk(void *p) { return syscall1(LNX_SYS_brk, NK_L(p)); }
/* mmap2: the offset is in 4096-byte units.  Returns the address or -errno
 * (values in -4095..-1 are errors). */
static inline long sys_mmap(void *addr, unsigned long len, int prot, int flags,
			    int fd, unsigned long pgoff)
{ return syscall6(LNX_SYS_mmap2, NK_L(addr), (long)len, prot, flags, fd, (long)pgoff); }
static inline long sys_munmap(void *addr, unsigned long len)
{ return syscall2(LNX_SYS_munmap, NK_L(addr), (long)len); }
static inline long sys_mprotect(void *addr, unsigned long len, int prot)
{ return syscall3(LNX_SYS_mprotect, NK_L(addr), (long)len, prot); }
#define NK_MMAP_FAILED(r) ((unsigned long)(r) > -4096UL)

/* ---- time ------------------------------------------------------------------- */
static inline long sys_nanosleep(const struct lnx_timespec *req, struct lnx_timespec *rem)
{ return syscall2(LNX_SYS_nanosleep, NK_L(req), NK_L(rem)); }
static inline long sys_clock_gettime(int clk, struct lnx_timespec *ts)
{ return syscall2(LNX_SYS_clock_gettime, clk, NK_L(ts)); }
static inline long sys_gettimeofday(struct lnx_timeval *tv, struct lnx_timezone *tz)
{ return syscall2(LNX_SYS_gettimeofday, NK_L(tv), NK_L(tz)); }
static inline long sys_times(struct lnx_tms *t) { return syscall1(LNX_SYS_times, NK_L(t)); }
static inline long sys_getrusage(int who, struct lnx_rusage *r)
{ return syscall2(LNX_SYS_getrusage, who, NK_L(r)); }
static inline long sys_uname(struct lnx_utsname *u) { return syscall1(LNX_SYS_uname, NK_L(u)); }

/* ---- scheduling ------------------------------------------------------------- */
/* Linux's nice(2) syscall returns 0 on success (not the new nice). */
static inline long sys_nice(int inc) { return syscall1(LNX_SYS_nice, inc); }
static inline long sys_sched_yield(void) { return syscall0(LNX_SYS_sched_yield); }
/* The raw call returns 20 - nice (1..40), not the nice value. */
static inline long sys_getpriority(int which, int who)
{ return syscall2(LNX_SYS_getpriority, which, who); }
static inline long sys_setpriority(int which, int who, int prio)
{ return syscall3(LNX_SYS_setpriority, which, who, prio); }
static inline long sys_sched_setscheduler(int pid, int policy, const struct lnx_sched_param *p)
{ return syscall3(LNX_SYS_sched_setscheduler, pid, policy, NK_L(p)); }
static inline long sys_sched_getscheduler(int pid)
{ return syscall1(LNX_SYS_sched_getscheduler, pid); }
static inline long sys_sched_rr_get_interval(int pid, struct lnx_timespec *ts)
{ return syscall2(LNX_SYS_sched_rr_get_interval, pid, NK_L(ts)); }
/* The raw getaffinity returns the number of mask bytes written. */
static inline long sys_sched_setaffinity(int pid, unsigned len, const unsigned long *mask)
{ return syscall3(LNX_SYS_sched_setaffinity, pid, (long)len, NK_L(mask)); }
static inline long sys_sched_getaffinity(int pid, unsigned len, unsigned long *mask)
{ return syscall3(LNX_SYS_sched_getaffinity, pid, (long)len, NK_L(mask)); }

/* ---- helpers (nklib.c) ------------------------------------------------------ */
long long nk_now_ns(void);          /* CLOCK_MONOTONIC in ns (-1 on error) */
long nk_sleep_ms(long ms);          /* nanosleep; 0 or -errno */
int nk_nice_value(void);            /* this task's nice, from getpriority */
/* Write a string to fd with no stdio buffering (safe across fork). */
long nk_puts(int fd, const char *s);
/* printf straight to fd 1 via one write() (no stdio buffer; <= 512 bytes). */
int nk_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* value of "key=value" among argv[1..], or NULL */
const char *nk_arg(int argc, char **argv, const char *key);
/* Translate a Linux errno number to newlib's (used by syscalls.c). */
int nk_errno_from_linux(int lnx);

#endif
