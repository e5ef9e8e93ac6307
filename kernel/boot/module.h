/* module.h - the multiboot modules: ring-3 programs, by name. */
#ifndef NICKEL_MODULE_H
#define NICKEL_MODULE_H
#include <stddef.h>

struct multiboot_info;

struct module {
	char name[32];          /* file basename without ".elf" */
	const void *data;
	size_t size;
	int runnable;           /* passed elf_check */
};

void modules_init(const struct multiboot_info *mb);   /* checks each ELF */
const struct module *module_find(const char *name);   /* runnable ones only */
const struct module *module_find_any(const char *name); /* open(): any file */
#endif
