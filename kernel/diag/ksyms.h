/* ksyms.h - the kernel's own symbol table, for backtraces with names. */
#ifndef NICKEL_KSYMS_H
#define NICKEL_KSYMS_H
#include <stdint.h>
/* Name of the function containing addr and the offset into it, or NULL. */
const char *ksym_lookup(uint32_t addr, uint32_t *offset);
#endif
