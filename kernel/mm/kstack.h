/* kstack.h - kernel stacks with an unmapped guard page below (kstack.c). */
#ifndef NICKEL_KSTACK_H
#define NICKEL_KSTACK_H
#include "arch/thread_info.h"

#define KSTACK_FRAMES (KSTACK_SIZE / 4096 + 1)   /* the stack and its guard */

void kstack_init(void);                 /* boot, after the page allocator */
void kstack_guard_boot_stack(void);     /* boot CPU, on its boot stack */
/* The bottom of a new stack (its thread_info, not filled in), or NULL. */
struct thread_info *kstack_alloc(void);
void kstack_free(struct thread_info *bottom);
#endif
