/*
 * crash.c - `crash=ud|pf|gp|de`: fault on purpose so that the panic path
 * (exception name, registers, CR2, backtrace with names) is tested.  Each
 * fault lives in its own function so the backtrace can name it.
 */
#include "string.h"
#include "printk.h"

__attribute__((noinline)) void crash_invalid_opcode(void)
{
	__asm__ volatile("ud2");
}

__attribute__((noinline)) void crash_page_fault(void)
{
	volatile int *nowhere = (volatile int *)0x00000ABC;  /* unmapped */
	__asm__ volatile("" : "+r"(nowhere));   /* hide the constant from gcc */
	*nowhere = 1;
}

__attribute__((noinline)) void crash_general_protection(void)
{
	__asm__ volatile("mov $0x1230, %%ax\n\tmov %%ax, %%ds" ::: "eax");
}

__attribute__((noinline)) void crash_divide_error(void)
{
	volatile int zero = 0, x = 42;
	x = x / zero;
}

void crash_on_purpose(const char *how)
{
	if (!how[0])
		return;
	printk("nickel: crash=%s requested\n", how);
	if (!strcmp(how, "ud"))
		crash_invalid_opcode();
	else if (!strcmp(how, "pf"))
		crash_page_fault();
	else if (!strcmp(how, "gp"))
		crash_general_protection();
	else if (!strcmp(how, "de"))
		crash_divide_error();
}
