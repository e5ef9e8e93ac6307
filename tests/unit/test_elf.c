/*
 * test_elf.c - elf_check (kernel/proc/elf_validate.c) accepts a well-formed i386
 * executable and rejects each kind of bad module with its reason.
 */
#include "unit.h"
#include "proc/elf.h"
#include <string.h>
#include <stdint.h>

#define TOP 0xC0000000u

static uint8_t img[4096];

struct eh { uint8_t id[16]; uint16_t type, machine; uint32_t version, entry, phoff, shoff, flags;
	    uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx; };
struct ph { uint32_t type, offset, vaddr, paddr, filesz, memsz, flags, align; };

static struct eh *H(void) { return (struct eh *)img; }
static struct ph *P(int i) { return (struct ph *)(img + 52) + i; }

static void good(void)
{
	memset(img, 0, sizeof(img));
	memcpy(H()->id, "\177ELF\001\001\001", 7);
	H()->type = 2; H()->machine = 3; H()->version = 1;
	H()->entry = 0x08048100; H()->phoff = 52; H()->phentsize = 32; H()->phnum = 2;
	*P(0) = (struct ph){ 1, 0, 0x08048000, 0x08048000, 1024, 1024, 5, 4096 };
	*P(1) = (struct ph){ 1, 1024, 0x08049000, 0x08049000, 512, 8192, 6, 4096 };
}

static const char *check(size_t size) { return elf_check(img, size, TOP); }

UNIT_TEST(well_formed_executable_is_accepted)
{
	good();
	CHECK(check(sizeof(img)) == NULL);
}

UNIT_TEST(truncated_file_is_rejected)
{
	good();
	CHECK(strstr(check(20), "truncated") != NULL);
	CHECK(strstr(check(1200), "truncated: a segment") != NULL);
}

UNIT_TEST(wrong_machine_class_type_and_magic_are_rejected)
{
	good(); H()->machine = 62;
	CHECK(strstr(check(sizeof(img)), "EM_386") != NULL);
	good(); H()->id[4] = 2;
	CHECK(strstr(check(sizeof(img)), "32-bit") != NULL);
	good(); H()->type = 3;
	CHECK(strstr(check(sizeof(img)), "ET_EXEC") != NULL);
	good(); img[1] = 'X';
	CHECK(strstr(check(sizeof(img)), "magic") != NULL);
}

UNIT_TEST(segment_in_kernel_half_or_wrapping_is_rejected)
{
	good(); P(1)->vaddr = 0xC0001000;
	CHECK(strstr(check(sizeof(img)), "outside user space") != NULL);
	good(); P(1)->vaddr = 0xBFFFF000; P(1)->memsz = 0x2000;
	CHECK(strstr(check(sizeof(img)), "outside user space") != NULL);
	good(); P(0)->vaddr = 0;
	CHECK(strstr(check(sizeof(img)), "outside user space") != NULL);
}

UNIT_TEST(huge_memsz_and_filesz_over_memsz_are_rejected)
{
	good(); P(1)->memsz = 0x7FFFFFFF;
	CHECK(check(sizeof(img)) != NULL);
	good(); P(1)->filesz = 9000; P(1)->memsz = 100;
	CHECK(check(sizeof(img)) != NULL);
}

UNIT_TEST(overlapping_segments_and_stray_entry_are_rejected)
{
	good(); P(1)->vaddr = 0x08048200;
	CHECK(strstr(check(sizeof(img)), "overlap") != NULL);
	good(); H()->entry = 0x10000000;
	CHECK(strstr(check(sizeof(img)), "entry point") != NULL);
}
