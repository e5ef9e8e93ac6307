/* uaccess.c - checked copies between the kernel and ring 3 (uaccess.h). */
#include "mm/uaccess.h"
#include "proc/task.h"
#include "mm/mm.h"
#include "proc/abi.h"
#include "lib/string.h"

int copy_from_user(void *dst, uint32_t src, size_t n)
{
	struct mm *mm = current->mm;

	if (!mm || mm_prepare_access(mm, src, n, 0) != 0)
		return -EFAULT;
	memcpy(dst, (const void *)src, n);
	return 0;
}

int copy_to_user(uint32_t dst, const void *src, size_t n)
{
	struct mm *mm = current->mm;

	if (!mm || mm_prepare_access(mm, dst, n, 1) != 0)
		return -EFAULT;
	memcpy((void *)dst, src, n);
	return 0;
}

int strncpy_from_user(char *dst, uint32_t src, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (copy_from_user(&dst[i], src + i, 1) != 0)
			return -EFAULT;
		if (!dst[i])
			return (int)i;
	}
	return -ENAMETOOLONG;
}
