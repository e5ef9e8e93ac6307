/*
 * elf_validate.c - is this a program nickel can run?  Every field the loader
 * will trust is checked against the file's size and the user address range,
 * so a bad module is rejected with a reason instead of crashing the loader.
 */
#include "proc/elf.h"
#include "lib/string.h"

#define PT_LOAD 1

struct elf_header {
	uint8_t ident[16];
	uint16_t type, machine;
	uint32_t version, entry, phoff, shoff, flags;
	uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};

struct elf_phdr {
	uint32_t type, offset, vaddr, paddr, filesz, memsz, flags, align;
};

static const char *check_header(const struct elf_header *h, size_t size)
{
	if (h->ident[0] != 0x7F || h->ident[1] != 'E' || h->ident[2] != 'L' || h->ident[3] != 'F')
		return "not an ELF file (bad magic)";
	if (h->ident[4] != 1)
		return "not 32-bit (ELF class)";
	if (h->ident[5] != 1)
		return "not little-endian";
	if (h->machine != 3)
		return "wrong machine (not EM_386)";
	if (h->type != 2)
		return "not an executable (ET_EXEC)";
	if (h->phentsize != sizeof(struct elf_phdr) || h->phnum == 0 || h->phnum > 64)
		return "bad program header table";
	if (h->phoff > size || (size_t)h->phnum * sizeof(struct elf_phdr) > size - h->phoff)
		return "truncated: program headers past the end of the file";
	return 0;
}

static const char *check_segment(const struct elf_phdr *p, size_t size, uint32_t user_top)
{
	if (p->offset > size || p->filesz > size - p->offset)
		return "truncated: a segment lies past the end of the file";
	if (p->filesz > p->memsz)
		return "a segment's file size exceeds its memory size";
	if (p->vaddr < 0x1000 || p->memsz > user_top || p->vaddr > user_top - p->memsz)
		return "a segment lies outside user space";
	if (p->memsz > 256u * 1024 * 1024)
		return "a segment is too large";
	return 0;
}

/* The file's bytes may sit at any address and phoff may be odd: headers
 * are copied out, never read through a misaligned struct pointer. */
static void read_phdr(const void *image, uint32_t phoff, int i, struct elf_phdr *p)
{
	memcpy(p, (const char *)image + phoff + (size_t)i * sizeof(*p), sizeof(*p));
}

const char *elf_check(const void *image, size_t size, uint32_t user_top)
{
	struct elf_header h;
	struct elf_phdr pi, pj;
	const char *why;
	int i, j, entry_ok = 0;

	if (size < sizeof(h))
		return "truncated: shorter than an ELF header";
	memcpy(&h, image, sizeof(h));
	if ((why = check_header(&h, size)) != 0)
		return why;
	for (i = 0; i < h.phnum; i++) {
		read_phdr(image, h.phoff, i, &pi);
		if (pi.type != PT_LOAD)
			continue;
		if ((why = check_segment(&pi, size, user_top)) != 0)
			return why;
		for (j = 0; j < i; j++) {
			read_phdr(image, h.phoff, j, &pj);
			if (pj.type == PT_LOAD && pi.vaddr < pj.vaddr + pj.memsz &&
			    pj.vaddr < pi.vaddr + pi.memsz)
				return "two segments overlap";
		}
		if (h.entry >= pi.vaddr && h.entry < pi.vaddr + pi.memsz)
			entry_ok = 1;
	}
	if (!entry_ok)
		return "the entry point is in no segment";
	return 0;
}
