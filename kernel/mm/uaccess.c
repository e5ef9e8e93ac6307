/* uaccess.c - checked copies between the kernel and ring 3 (uaccess.h). */
#include "mm/uaccess.h"
#include "proc/task.h"
#include "mm/mm.h"
#include "proc/abi.h"
#include "lib/string.h"
#include "arch/paging.h"
#include <stdbool.h>

/* The common case, answered here: a range inside one page that is present,
 * and writable when written.  Anything else (a page to fill on demand or
 * to copy on write, a range over pages, a kernel address: page_lookup
 * gives none) is mm_prepare_access's. */
static bool one_ready_page(struct mm *mm, uint32_t va, size_t n, int write)
{
	uint32_t *pte;

	if (n == 0 || n > PAGE_SIZE - (va & (PAGE_SIZE - 1)))
		return false;
	pte = page_lookup(mm->pgdir, va);
	return pte && (!write || (*pte & PTE_WRITE));
}

int user_range_prepare(uint32_t va, size_t n, int write)
{
	struct mm *mm = current->mm;

	if (!mm)
		return -EFAULT;
	if (one_ready_page(mm, va, n, write))
		return 0;
	return mm_prepare_access(mm, va, (uint32_t)n, write) != 0 ? -EFAULT : 0;
}

void copy_to_prepared_user(uint32_t dst, const void *src, size_t n)
{
	memcpy((void *)dst, src, n);
}

void copy_from_prepared_user(void *dst, uint32_t src, size_t n)
{
	memcpy(dst, (const void *)src, n);
}

int copy_from_user(void *dst, uint32_t src, size_t n)
{
	if (user_range_prepare(src, n, 0) != 0)
		return -EFAULT;
	copy_from_prepared_user(dst, src, n);
	return 0;
}

int copy_to_user(uint32_t dst, const void *src, size_t n)
{
	if (user_range_prepare(dst, n, 1) != 0)
		return -EFAULT;
	copy_to_prepared_user(dst, src, n);
	return 0;
}

/* The string's end is not known before it is read: check each page as the
 * copy reaches it (its first byte, then every page boundary). */
int strncpy_from_user(char *dst, uint32_t src, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint32_t at = src + (uint32_t)i;

		if ((i == 0 || (at & 0xFFFu) == 0) && user_range_prepare(at, 1, 0) != 0)
			return -EFAULT;
		dst[i] = *(const char *)at;
		if (!dst[i])
			return (int)i;
	}
	return -ENAMETOOLONG;
}
