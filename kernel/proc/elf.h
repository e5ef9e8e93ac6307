/* elf.h - checking and loading ELF32 i386 executables (ring-3 programs). */
#ifndef NICKEL_ELF_H
#define NICKEL_ELF_H
#include <stdint.h>
#include <stddef.h>

struct mm;

/* NULL when `image` is a loadable ELF32 i386 ET_EXEC, else why not.
 * Portable (tests/unit/test_elf.c). */
const char *elf_check(const void *image, size_t size, uint32_t user_top);
/* Map and fill the segments into mm; returns the entry point (0 on OOM). */
uint32_t elf_load(struct mm *mm, const void *image, size_t size);
#endif
