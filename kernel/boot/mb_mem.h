/*
 * mb_mem.h - which physical memory is RAM, from the multiboot info.
 *
 * The memory map when the loader gave one (flags bit 6), else the older
 * mem_lower/mem_upper pair (bit 0): 0..mem_lower KiB and 1 MiB..1 MiB +
 * mem_upper KiB.  Portable: the caller says how to read physical memory
 * (the kernel: phys_to_virt; tests/unit/test_mb_mem.c: a fake).
 */
#ifndef NICKEL_MB_MEM_H
#define NICKEL_MB_MEM_H
#include <stdint.h>
#include "boot/multiboot.h"

enum mb_mem_source { MB_MEM_NONE, MB_MEM_MAP, MB_MEM_LOWER_UPPER };

typedef const void *(*mb_map_fn)(uint32_t phys);
typedef void (*mb_ram_fn)(uint64_t start, uint64_t end, void *ctx);

/* Calls ram(start, end, ctx) for every RAM range; returns where they came
 * from.  A map entry with size < 20 ends the walk (it would loop), and so
 * does one whose size reaches past the map; a range that would end past
 * 2^64 ends there. */
enum mb_mem_source mb_ram_ranges(const struct multiboot_info *mb, mb_map_fn map,
				 mb_ram_fn ram, void *ctx);
/* The end of the highest RAM range below 4 GiB, in bytes (0: none). */
uint64_t mb_ram_top(const struct multiboot_info *mb, mb_map_fn map);
#endif
