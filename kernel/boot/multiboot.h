/* multiboot.h - the parts of the Multiboot 0.6.96 info structure we read. */
#ifndef NICKEL_MULTIBOOT_H
#define NICKEL_MULTIBOOT_H
#include <stdint.h>

#define MULTIBOOT_BOOT_MAGIC 0x2BADB002
#define MB_INFO_MEM      (1u << 0)
#define MB_INFO_CMDLINE  (1u << 2)
#define MB_INFO_MODS     (1u << 3)
#define MB_INFO_MMAP     (1u << 6)
#define MB_INFO_LOADER   (1u << 9)

struct multiboot_info {
	uint32_t flags;
	uint32_t mem_lower, mem_upper;      /* KiB below 1 MiB / above 1 MiB */
	uint32_t boot_device;
	uint32_t cmdline;                   /* physical address of a C string */
	uint32_t mods_count, mods_addr;
	uint32_t syms[4];
	uint32_t mmap_length, mmap_addr;
	uint32_t drives_length, drives_addr;
	uint32_t config_table;
	uint32_t boot_loader_name;
} __attribute__((packed));

struct multiboot_mod {
	uint32_t start, end;                /* physical, end exclusive */
	uint32_t string;                    /* its command line (the file name) */
	uint32_t reserved;
} __attribute__((packed));

/* A memory-map entry; `size` does not count itself. */
struct multiboot_mmap {
	uint32_t size;
	uint64_t addr, len;
	uint32_t type;                      /* 1 = available RAM */
} __attribute__((packed));
#endif
