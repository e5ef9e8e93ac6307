/* switch.h - switching kernel stacks between two tasks (switch.asm). */
#ifndef ARCH_SWITCH_H
#define ARCH_SWITCH_H
#include <stdint.h>
/* Save the callee-saved registers and esp in *save_esp, continue on next_esp. */
void switch_to(uint32_t *save_esp, uint32_t next_esp);
#endif
