/*
 * abi.h - the Linux i386 numbers nickel's system calls speak (contract.md,
 * "Ring-3 ABI"): call numbers, errno values, signals, wait status.
 */
#ifndef NICKEL_ABI_H
#define NICKEL_ABI_H

#define NR_exit            1
#define NR_fork            2
#define NR_read            3
#define NR_write           4
#define NR_open            5
#define NR_close           6
#define NR_waitpid         7
#define NR_execve         11
#define NR_time           13
#define NR_getpid         20
#define NR_nice           34
#define NR_kill           37
#define NR_pipe           42
#define NR_times          43
#define NR_brk            45
#define NR_ioctl          54
#define NR_dup2           63
#define NR_getppid        64
#define NR_getrusage      77
#define NR_gettimeofday   78
#define NR_munmap         91
#define NR_getpriority    96
#define NR_setpriority    97
#define NR_wait4         114
#define NR_uname         122
#define NR_writev        146
#define NR_sched_setparam      154
#define NR_sched_getparam      155
#define NR_sched_setscheduler  156
#define NR_sched_getscheduler  157
#define NR_sched_yield         158
#define NR_sched_get_priority_max 159
#define NR_sched_get_priority_min 160
#define NR_sched_rr_get_interval  161
#define NR_nanosleep     162
#define NR_mmap2         192
#define NR_gettid        224
#define NR_sched_setaffinity 241
#define NR_sched_getaffinity 242
#define NR_exit_group    252
#define NR_clock_gettime 265
/* nickel's own calls: numbers Linux will not use (there they give -ENOSYS). */
#define NR_nickel_lat        1000   /* report a lat line for the stat dump */
#define NR_nickel_free_pages 1001   /* free_pages of the stat dump */
/* Kernel coverage, a coverage build only (kernel/kcov, 1100..1109 kept). */
#define NR_kcov_enable       1100
#define NR_kcov_disable      1101
#define NR_kcov_reset        1102
#define NR_kcov_read         1103
/* Synchronous IPC (kernel/ipc, docs/ipc.md). */
#define NR_ipc_endpoint      1200
#define NR_ipc_close         1201
#define NR_ipc_call          1202
#define NR_ipc_recv          1203
#define NR_ipc_reply         1204
#define NR_ipc_reply_recv    1205
#define NR_ipc_call_words    1206   /* the message in registers */
#define NR_ipc_reply_recv_words 1207
#define NR_SYSCALLS          1208

#define EPERM    1
#define ENOENT   2
#define ESRCH    3
#define EINTR    4
#define E2BIG    7
#define ENOEXEC  8
#define EBADF    9
#define ECHILD  10
#define EAGAIN  11
#define ENOMEM  12
#define EACCES  13
#define EFAULT  14
#define EINVAL  22
#define EMFILE  24
#define ENOTTY  25
#define ESPIPE  29
#define EPIPE   32
#define ENAMETOOLONG 36
#define ENODEV  19
#define EBUSY   16
#define EDEADLK 35
#define ETIMEDOUT 110
#define ENOSYS  38

#define SIGILL   4
#define SIGTRAP  5
#define SIGABRT  6
#define SIGFPE   8
#define SIGKILL  9
#define SIGSEGV 11
#define SIGPIPE 13
#define SIGTERM 15
#define NSIG    65

#define WNOHANG  1

/* Wait status: exit code in bits 8..15, or the killing signal in bits 0..6. */
#define W_EXITED(code)   (((code) & 0xFF) << 8)
#define W_SIGNALED(sig)  ((sig) & 0x7F)

#define O_ACCMODE 3
#endif
