/* sys_proc.c - fork, execve, exit, wait, kill, getpid, getppid. */
#include "proc/syscall.h"
#include "proc/proc.h"
#include "proc/task.h"
#include "spinlock.h"
#include "mm/uaccess.h"
#include "proc/abi.h"
#include "lib/string.h"
#include "mm/heap.h"

static long sys_fork(struct syscall_args *sa)
{
	return proc_fork(sa->frame);
}

static long sys_exit(struct syscall_args *sa)
{
	proc_exit(W_EXITED(sa->a[0]));
}

/* "/boot/xclient.elf" -> "xclient": programs are modules, by name. */
static char *strrchr_name(char *path)
{
	char *name = path, *p;
	size_t n;

	for (p = path; *p; p++)
		if (*p == '/')
			name = p + 1;
	n = strlen(name);
	if (n > 4 && !strcmp(name + n - 4, ".elf"))
		name[n - 4] = 0;
	return name;
}

/* argv from ring 3 into one kernel buffer: pointers, then strings. */
static long copy_argv(uint32_t uargv, char **argv, char *strings, int *argc)
{
	size_t used = 0;
	int n = 0;

	for (;; n++) {
		uint32_t p;
		int len;

		if (n == MAX_ARGS)
			return -E2BIG;
		if (copy_from_user(&p, uargv + 4 * (uint32_t)n, 4) != 0)
			return -EFAULT;
		if (!p)
			break;
		len = strncpy_from_user(strings + used, p, ARG_BYTES - used);
		if (len < 0)
			return len == -ENAMETOOLONG ? -E2BIG : len;
		argv[n] = strings + used;
		used += (size_t)len + 1;
	}
	argv[n] = 0;
	*argc = n;
	return 0;
}

/* execve(path, argv, envp): path is a module name ("/bin/x.elf" -> "x"). */
static long sys_execve(struct syscall_args *sa)
{
	char path[64], *argv[MAX_ARGS + 1], *name, *strings;
	int argc = 0;
	long r = strncpy_from_user(path, sa->a[0], sizeof(path));

	if (r < 0)
		return r;
	name = strrchr_name(path);
	strings = kmalloc(ARG_BYTES);
	if (!strings)
		return -ENOMEM;
	r = sa->a[1] ? copy_argv(sa->a[1], argv, strings, &argc) : 0;
	if (r == 0)
		r = proc_exec(sa->frame, name, argc, argv);
	kfree(strings);
	return r;
}

static long sys_waitpid(struct syscall_args *sa)
{
	return proc_wait((int)sa->a[0], sa->a[1], (int)sa->a[2]);
}

static long sys_kill(struct syscall_args *sa)
{
	return proc_kill((int)sa->a[0], (int)sa->a[1]);
}

static long sys_getpid(struct syscall_args *sa)
{
	return current->se.pid;
}

/* The parent may be exiting on another CPU: its pid is copied into the
 * task whenever the parent changes (task_set_parent, under tasks_lock), so
 * this one aligned read needs no lock and touches no other task (as
 * Linux's getppid reads under RCU). */
static long sys_getppid(struct syscall_args *sa)
{
	(void)sa;
	return current->ppid;
}

void sys_proc_init(void)
{
	syscall_register(NR_fork, sys_fork);
	syscall_register(NR_exit, sys_exit);
	syscall_register(NR_exit_group, sys_exit);
	syscall_register(NR_execve, sys_execve);
	syscall_register(NR_waitpid, sys_waitpid);
	syscall_register(NR_wait4, sys_waitpid);   /* rusage is not filled */
	syscall_register(NR_kill, sys_kill);
	syscall_register_irqs_off(NR_getpid, sys_getpid);
	syscall_register_irqs_off(NR_gettid, sys_getpid);
	syscall_register_irqs_off(NR_getppid, sys_getppid);
}
