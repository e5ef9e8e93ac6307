/*
 * syscall.c - int $0x80 and the fast entry (arch/i386/sysenter_entry.asm): number
 * in eax, arguments in ebx ecx edx esi edi ebp, result (or -errno) back in
 * eax.  Unknown numbers get -ENOSYS.  Both entries arrive with interrupts
 * off; most calls turn them on, the few registered irqs_off do not.
 */
#include "proc/syscall.h"
#include "arch/trap.h"
#include "proc/abi.h"
#include "arch/cpu.h"
#include "arch/sysenter.h"
#include "kcov/kcov.h"

static syscall_fn table[NR_SYSCALLS];
static uint8_t irqs_off[NR_SYSCALLS];      /* run without sti/cli */

void syscall_register(int nr, syscall_fn fn)
{
	table[nr] = fn;
}

void syscall_register_irqs_off(int nr, syscall_fn fn)
{
	table[nr] = fn;
	irqs_off[nr] = 1;
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
	if (irqs_off[nr]) {
		f->eax = (uint32_t)table[nr](&sa);
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
	sys_usage_init();
	sys_sched_init();
	sys_ipc_init();          /* nickel's own: kernel/ipc */
	sys_kcov_init();         /* kernel/kcov: a coverage build only */
	trap_set_handler(T_SYSCALL, syscall_entry);
	sysenter_set_syscall_handler(syscall_entry);
}
