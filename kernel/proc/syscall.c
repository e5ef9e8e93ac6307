/*
 * syscall.c - int $0x80: number in eax, arguments in ebx ecx edx esi edi
 * ebp, result (or -errno) back in eax.  Unknown numbers get -ENOSYS.
 */
#include "proc/syscall.h"
#include "arch/trap.h"
#include "proc/abi.h"
#include "arch/cpu.h"

static syscall_fn table[NR_SYSCALLS];

void syscall_register(int nr, syscall_fn fn)
{
	table[nr] = fn;
}

static void syscall_entry(struct trap_frame *f)
{
	struct syscall_args sa = {
		{ f->ebx, f->ecx, f->edx, f->esi, f->edi, f->ebp }, f };
	uint32_t nr = f->eax;

	if (nr >= NR_SYSCALLS || !table[nr]) {
		f->eax = (uint32_t)-ENOSYS;
		return;
	}
	sti();                   /* system calls run with interrupts on */
	f->eax = (uint32_t)table[nr](&sa);
	cli();
}

void syscall_init(void)
{
	sys_proc_init();
	sys_file_init();
	sys_mem_init();
	sys_time_init();
	sys_sched_init();
	sys_ipc_init();          /* nickel's own: kernel/ipc */
	trap_set_handler(T_SYSCALL, syscall_entry);
}
