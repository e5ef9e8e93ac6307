/*
 * Linux i386 system-call numbers and errno values: the ring-3 ABI of nickel
 * (docs/contract.md, "Ring-3 ABI").  Numbers checked against the Linux uapi
 * header arch/x86/include/generated/uapi/asm/unistd_32.h (as installed on Debian
 * in /usr/include/asm/unistd_32.h).  The same binaries run on Linux (qemu-i386)
 * and on nickel, so keep these the Linux values; never renumber.
 *
 * Usable from C and from assembler (only #defines here).
 */
#ifndef NICKEL_LINUX_SYSCALLS_H
#define NICKEL_LINUX_SYSCALLS_H

#define LNX_SYS_exit                    1
#define LNX_SYS_fork                    2
#define LNX_SYS_read                    3
#define LNX_SYS_write                   4
#define LNX_SYS_open                    5
#define LNX_SYS_close                   6
#define LNX_SYS_waitpid                 7
#define LNX_SYS_link                    9
#define LNX_SYS_unlink                 10
#define LNX_SYS_execve                 11
#define LNX_SYS_time                   13
#define LNX_SYS_lseek                  19
#define LNX_SYS_getpid                 20
#define LNX_SYS_alarm                  27
#define LNX_SYS_pause                  29
#define LNX_SYS_nice                   34
#define LNX_SYS_kill                   37
#define LNX_SYS_dup                    41
#define LNX_SYS_pipe                   42
#define LNX_SYS_times                  43
#define LNX_SYS_brk                    45
#define LNX_SYS_ioctl                  54
#define LNX_SYS_dup2                   63
#define LNX_SYS_getppid                64
#define LNX_SYS_getrusage              77
#define LNX_SYS_gettimeofday           78
#define LNX_SYS_old_mmap               90   /* takes a struct pointer; use mmap2 */
#define LNX_SYS_munmap                 91
#define LNX_SYS_getpriority            96
#define LNX_SYS_setpriority            97
#define LNX_SYS_stat                  106
#define LNX_SYS_fstat                 108
#define LNX_SYS_wait4                 114
#define LNX_SYS_uname                 122
#define LNX_SYS_mprotect              125
#define LNX_SYS_getdents              141
#define LNX_SYS_writev                146
#define LNX_SYS_sched_setparam        154
#define LNX_SYS_sched_getparam        155
#define LNX_SYS_sched_setscheduler    156
#define LNX_SYS_sched_getscheduler    157
#define LNX_SYS_sched_yield           158
#define LNX_SYS_sched_get_priority_max 159
#define LNX_SYS_sched_get_priority_min 160
#define LNX_SYS_sched_rr_get_interval 161
#define LNX_SYS_nanosleep             162
#define LNX_SYS_mmap2                 192   /* offset in 4096-byte pages */
#define LNX_SYS_gettid                224
#define LNX_SYS_sched_setaffinity     241
#define LNX_SYS_sched_getaffinity     242
#define LNX_SYS_exit_group            252
#define LNX_SYS_clock_gettime         265

/* Linux errno values (asm-generic/errno-base.h, errno.h).  The raw sys_*()
 * calls of nickel.h return -LNX_Exxx.  newlib's <errno.h> agrees with these for
 * 1..34 but not above (e.g. newlib ENOSYS is 88, Linux 38): the newlib glue in
 * syscalls.c translates before it sets errno. */
#define LNX_EPERM        1
#define LNX_ENOENT       2
#define LNX_ESRCH        3
#define LNX_EINTR        4
#define LNX_EIO          5
#define LNX_ENXIO        6
#define LNX_E2BIG        7
#define LNX_ENOEXEC      8
#define LNX_EBADF        9
#define LNX_ECHILD      10
#define LNX_EAGAIN      11
#define LNX_ENOMEM      12
#define LNX_EACCES      13
#define LNX_EFAULT      14
#define LNX_EBUSY       16
#define LNX_EEXIST      17
#define LNX_ENODEV      19
#define LNX_ENOTDIR     20
#define LNX_EISDIR      21
#define LNX_EINVAL      22
#define LNX_ENFILE      23
#define LNX_EMFILE      24
#define LNX_ENOTTY      25
#define LNX_EFBIG       27
#define LNX_ENOSPC      28
#define LNX_ESPIPE      29
#define LNX_EROFS       30
#define LNX_EMLINK      31
#define LNX_EPIPE       32
#define LNX_EDOM        33
#define LNX_ERANGE      34
#define LNX_EDEADLK     35
#define LNX_ENAMETOOLONG 36
#define LNX_ENOLCK      37
#define LNX_ENOSYS      38
#define LNX_ENOTEMPTY   39
#define LNX_ELOOP       40
#define LNX_ETIMEDOUT  110

/* Linux i386 signal numbers (newlib's differ above 9: its SIGBUS is 10, SIGSYS
 * 12, SIGUSR1 30 ...).  Wait statuses carry these. */
#define LNX_SIGHUP       1
#define LNX_SIGINT       2
#define LNX_SIGQUIT      3
#define LNX_SIGILL       4
#define LNX_SIGTRAP      5
#define LNX_SIGABRT      6
#define LNX_SIGBUS       7
#define LNX_SIGFPE       8
#define LNX_SIGKILL      9
#define LNX_SIGUSR1     10
#define LNX_SIGSEGV     11
#define LNX_SIGUSR2     12
#define LNX_SIGPIPE     13
#define LNX_SIGALRM     14
#define LNX_SIGTERM     15
#define LNX_SIGCHLD     17
#define LNX_SIGCONT     18
#define LNX_SIGSTOP     19
#define LNX_SIGSYS      31

/* open() flags (octal, asm-generic/fcntl.h); newlib's O_* differ. */
#define LNX_O_RDONLY     00
#define LNX_O_WRONLY     01
#define LNX_O_RDWR       02
#define LNX_O_CREAT      0100
#define LNX_O_EXCL       0200
#define LNX_O_NOCTTY     0400
#define LNX_O_TRUNC      01000
#define LNX_O_APPEND     02000
#define LNX_O_NONBLOCK   04000
#define LNX_O_DIRECTORY  0200000
#define LNX_O_CLOEXEC    02000000

/* waitpid options */
#define LNX_WNOHANG      1
#define LNX_WUNTRACED    2

/* mmap */
#define LNX_PROT_NONE    0
#define LNX_PROT_READ    1
#define LNX_PROT_WRITE   2
#define LNX_PROT_EXEC    4
#define LNX_MAP_SHARED   0x01
#define LNX_MAP_PRIVATE  0x02
#define LNX_MAP_FIXED    0x10
#define LNX_MAP_ANONYMOUS 0x20

/* clocks */
#define LNX_CLOCK_REALTIME  0
#define LNX_CLOCK_MONOTONIC 1

/* scheduling policies */
#define LNX_SCHED_OTHER  0
#define LNX_SCHED_FIFO   1
#define LNX_SCHED_RR     2
#define LNX_SCHED_BATCH  3
#define LNX_SCHED_IDLE   5

/* getpriority/setpriority "which" */
#define LNX_PRIO_PROCESS 0

/* ioctl */
#define LNX_TCGETS       0x5401

#endif
