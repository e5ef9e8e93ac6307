/* syscall.h - the system call table (Linux i386 numbers, abi.h). */
#ifndef NICKEL_SYSCALL_H
#define NICKEL_SYSCALL_H
#include <stdint.h>

struct trap_frame;

/* Arguments as the program passed them: ebx ecx edx esi edi ebp. */
struct syscall_args {
	uint32_t a[6];
	struct trap_frame *frame;
};

typedef long (*syscall_fn)(struct syscall_args *sa);

void syscall_init(void);
/* Each sys_*.c file registers its calls. */
void syscall_register(int nr, syscall_fn fn);
/* A call that never sleeps, waits or loops, or that sleeps only through
 * schedule() (which wants interrupts off anyway): it runs with interrupts
 * off, as the trap left them, and saves the sti/cli pair. */
void syscall_register_irqs_off(int nr, syscall_fn fn);
void sys_proc_init(void);
void sys_file_init(void);
void sys_mem_init(void);
void sys_time_init(void);
void sys_usage_init(void);
void sys_sched_init(void);
void sys_ipc_init(void);       /* kernel/ipc/sys_ipc.c */
#endif
