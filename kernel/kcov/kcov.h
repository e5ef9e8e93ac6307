/*
 * kcov.h - kernel coverage for ring-3 programs, as Linux's kcov: a task
 * enables it for itself (nickel's own calls 1100..1103, abi.h), makes
 * calls, and reads back the program counters the kernel reached on its
 * behalf.  Only a coverage build (make kcov: build/nickel-kcov.elf,
 * mk/fuzz.mk, CONFIG_KCOV) has it; elsewhere the hooks below are empty
 * and the calls answer -ENOSYS.  docs/robustness.md "Kernel coverage".
 *
 * Beside the per-task buffers, the coverage kernel keeps one kernel-wide
 * map of every PC reached (kcov_all.c), printed at power-off under the boot
 * argument kcov=all: make coverage (docs/robustness.md "The coverage report").
 */
#ifndef NICKEL_KCOV_H
#define NICKEL_KCOV_H

#include <stdint.h>

struct task;

void kcov_all_boot(void);              /* kmain: kcov=all checked, announced */

#ifdef CONFIG_KCOV
void sys_kcov_init(void);              /* registers calls 1100..1103 */
void kcov_task_exit(struct task *t);   /* t exits: its buffer goes */
void kcov_all_record(uint32_t pc);     /* the callback: pc reached */
void kcov_all_dump(void);              /* power_off: print the map (kcov=all) */
#else
static inline void sys_kcov_init(void) {}
static inline void kcov_task_exit(struct task *t) { (void)t; }
static inline void kcov_all_dump(void) {}
#endif

#endif
