/*
 * kcov.h - kernel coverage for ring-3 programs, as Linux's kcov: a task
 * enables it for itself (nickel's own calls 1100..1103, abi.h), makes
 * calls, and reads back the program counters the kernel reached on its
 * behalf.  Only a coverage build (make kcov: build/nickel-kcov.elf,
 * mk/kcov.mk, CONFIG_KCOV) has it; elsewhere the hooks below are empty
 * and the calls answer -ENOSYS.  docs/robustness.md "Kernel coverage".
 */
#ifndef NICKEL_KCOV_H
#define NICKEL_KCOV_H

struct task;

#ifdef CONFIG_KCOV
void sys_kcov_init(void);              /* registers calls 1100..1103 */
void kcov_task_exit(struct task *t);   /* t exits: its buffer goes */
#else
static inline void sys_kcov_init(void) {}
static inline void kcov_task_exit(struct task *t) { (void)t; }
#endif

#endif
