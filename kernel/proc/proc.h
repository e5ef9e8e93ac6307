/*
 * proc.h - ring-3 processes: start, fork, exec, exit, wait, signals.
 * A process is a struct task of kind TASK_USER with an address space (mm)
 * and descriptors.  Its kernel stack's top holds the trap frame of its
 * ring-3 context while it is in the kernel.
 */
#ifndef NICKEL_PROC_H
#define NICKEL_PROC_H
#include <stdint.h>

struct task;
struct trap_frame;

#define MAX_ARGS 32
#define ARG_BYTES 4096

int proc_start_init(const char *name, int argc, char **argv);  /* pid 1 */
/* A demo process; setup (or null) runs on the task before it starts. */
int proc_spawn(const char *name, int argc, char **argv, void (*setup)(struct task *));
long proc_fork(struct trap_frame *f);
long proc_exec(struct trap_frame *f, const char *name, int argc, char **argv);
void proc_exit(int wait_status) __attribute__((noreturn));
long proc_wait(int pid, uint32_t status_ptr, int options);
long proc_kill(int pid, int sig);
struct task *proc_find(int pid);               /* tasks_lock held by caller */
void proc_deliver_signals(struct trap_frame *f);
int user_fault(struct trap_frame *f);          /* a ring-3 fault: kill the task, 1 if handled */
struct trap_frame *task_user_frame(struct task *t);
#endif
