/*
 * module.c - the programs GRUB or QEMU loaded beside the kernel.  Each is
 * checked once at boot; a bad one is reported
 *     nickel: module NAME rejected: why
 * and is never run (it can still be opened and read as a file).
 */
#include "boot/module.h"
#include "boot/multiboot.h"
#include "arch/paging.h"
#include "proc/elf.h"
#include "lib/string.h"
#include "console/printk.h"

#define MAX_MODULES 64

static struct module modules[MAX_MODULES];
static int nr_modules;

/* "/boot/xserver.elf arg" -> "xserver" */
static void module_name(char *out, size_t n, const char *cmdline)
{
	const char *start = cmdline, *p, *end;
	size_t len;

	for (p = cmdline; *p && *p != ' '; p++)
		if (*p == '/')
			start = p + 1;
	end = p;
	len = (size_t)(end - start);
	if (len > 4 && !strncmp(end - 4, ".elf", 4))
		len -= 4;
	if (len >= n)
		len = n - 1;
	memcpy(out, start, len);
	out[len] = 0;
}

void modules_init(const struct multiboot_info *mb)
{
	const struct multiboot_mod *m = phys_to_virt(mb->mods_addr);
	uint32_t i;

	if (!(mb->flags & MB_INFO_MODS))
		return;
	for (i = 0; i < mb->mods_count; i++) {
		struct module *mod;
		const char *why;

		if (nr_modules == MAX_MODULES) {
			printk("nickel: more than %d modules; the rest are ignored\n", MAX_MODULES);
			return;
		}
		mod = &modules[nr_modules++];
		module_name(mod->name, sizeof(mod->name), phys_to_virt(m[i].string));
		if (m[i].end < m[i].start || m[i].end > LOWMEM_LIMIT) {
			printk("nickel: module %s rejected: not in low memory\n", mod->name);
			nr_modules--;
			continue;
		}
		mod->data = phys_to_virt(m[i].start);
		mod->size = m[i].end - m[i].start;
		why = elf_check(mod->data, mod->size, USER_TOP);
		mod->runnable = why == 0;
		if (why)
			printk("nickel: module %s rejected: %s\n", mod->name, why);
		else
			printk("nickel: module %s: %u bytes\n", mod->name, (unsigned)mod->size);
	}
}

const struct module *module_find_any(const char *name)
{
	int i;

	for (i = 0; i < nr_modules; i++)
		if (!strcmp(modules[i].name, name))
			return &modules[i];
	return 0;
}

const struct module *module_find(const char *name)
{
	const struct module *m = module_find_any(name);
	return (m && m->runnable) ? m : 0;
}
