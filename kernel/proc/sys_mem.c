/* sys_mem.c - brk, mmap2 (anonymous only), munmap. */
#include "proc/syscall.h"
#include "proc/task.h"
#include "mm/mm.h"
#include "proc/abi.h"
#include "mm/pmm.h"

#define MAP_ANONYMOUS 0x20
#define MAP_FIXED     0x10

/* brk(0) asks; brk(x) moves the break and returns the new (or old) one. */
static long sys_brk(struct syscall_args *sa)
{
	struct mm *mm = current->mm;

	if (sa->a[0] == 0)
		return (long)mm->brk;
	return (long)mm_brk(mm, sa->a[0]);
}

static long sys_mmap2(struct syscall_args *sa)
{
	uint32_t len = sa->a[1], flags = sa->a[3], addr;

	if (!(flags & MAP_ANONYMOUS))
		return -ENODEV;              /* no file mappings */
	if ((flags & MAP_FIXED) || len == 0)
		return -EINVAL;
	addr = mm_mmap(current->mm, len);
	return addr ? (long)addr : -ENOMEM;
}

static long sys_munmap(struct syscall_args *sa)
{
	return mm_munmap(current->mm, sa->a[0], sa->a[1]) == 0 ? 0 : -EINVAL;
}

/* nickel only: the stat dump's free_pages, for leak tests in ring 3. */
static long sys_nickel_free_pages(struct syscall_args *sa)
{
	return (long)pmm_free_pages();
}

void sys_mem_init(void)
{
	syscall_register(NR_nickel_free_pages, sys_nickel_free_pages);
	syscall_register(NR_brk, sys_brk);
	syscall_register(NR_mmap2, sys_mmap2);
	syscall_register(NR_munmap, sys_munmap);
}
