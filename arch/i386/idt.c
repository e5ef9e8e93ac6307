/*
 * idt.c - the interrupt descriptor table and the dispatcher every vector
 * enters through (isr.asm -> trap_dispatch).
 *
 * Vectors 0..31 are CPU exceptions, 32..47 the remapped PIC lines, 0x80 the
 * system call gate (the only one ring 3 may invoke: DPL 3), 0xF0.. the SMP
 * vectors.  Handlers are registered with trap_set_handler().  Vector 8, the
 * double fault, is a task gate instead (double_fault.c).
 */
#include "arch/trap.h"
#include "arch/percpu.h"
#include "arch/irq_chip.h"
#include "arch/thread_info.h"
#include "arch/kernel_hooks.h"
#include "panic.h"

extern const uint32_t trap_vectors[256];   /* isr.asm */

static uint64_t idt[256];
static irq_handler_t handlers[256];
struct arch_kernel_hooks kernel_hooks;

static const char *const exception_names[32] = {
	"divide error", "debug", "NMI", "breakpoint", "overflow",
	"bound range exceeded", "invalid opcode", "device not available",
	"double fault", "coprocessor segment overrun", "invalid TSS",
	"segment not present", "stack-segment fault", "general protection fault",
	"page fault", "reserved 15", "x87 floating-point error",
	"alignment check", "machine check", "SIMD floating-point error",
	"virtualization exception", "control protection exception",
};

const char *trap_name(int vector)
{
	if (vector >= 0 && vector < 32 && exception_names[vector])
		return exception_names[vector];
	if (vector >= 32 && vector < 48)
		return "irq";
	return "reserved";
}

/* An interrupt gate (IF cleared on entry) with the given privilege level. */
static uint64_t gate(uint32_t handler, int dpl)
{
	uint64_t g = 0;

	g |= handler & 0xFFFF;
	g |= (uint64_t)SEL_KCODE << 16;
	g |= (uint64_t)(0x8E | (dpl << 5)) << 40;
	g |= (uint64_t)(handler >> 16) << 48;
	return g;
}

/* A task gate: the CPU switches to the task of TSS selector `tss`. */
static uint64_t task_gate(uint16_t tss)
{
	return ((uint64_t)tss << 16) | ((uint64_t)0x85 << 40);   /* present, DPL 0 */
}

void idt_init(void)
{
	int v;

	/* Ring 3 may use int $0x80, int3 and into (as on Linux); any other
	 * `int n` from ring 3 is a general protection fault. */
	for (v = 0; v < 256; v++)
		idt[v] = gate(trap_vectors[v],
			      (v == T_SYSCALL || v == T_BREAKPOINT || v == 4) ? 3 : 0);
	/* A double fault often means the stack is gone: an interrupt gate
	 * would push onto it and triple-fault.  The task gate moves to a
	 * fresh stack and CR3 (double_fault.c; until a CPU has its DF task,
	 * its GDT slot is empty and a double fault there still resets). */
	idt[T_DOUBLE_FAULT] = task_gate(SEL_DF_TSS);
	idt_load();
}

void idt_load(void)
{
	struct { uint16_t limit; uint32_t base; } __attribute__((packed)) idtr = {
		sizeof(idt) - 1, (uint32_t)idt };
	__asm__ volatile("lidt %0" : : "m"(idtr));
}

void trap_set_handler(int vector, irq_handler_t h)
{
	handlers[vector] = h;
}

/* The controller of lines 0..15 (irq_chip.h); lines_in_use follows it
 * when the IOAPIC takes over.  Boot CPU only, at boot. */
static const struct irq_chip *irq_chip = &pic_chip;
static uint16_t lines_in_use;

void irq_install(int irq, irq_handler_t h)
{
	trap_set_handler(IRQ_BASE + irq, h);
	lines_in_use |= 1u << irq;
	irq_chip->unmask(irq);
}

void irq_set_chip(const struct irq_chip *chip)
{
	int irq;

	irq_chip = chip;
	for (irq = 0; irq < 16; irq++)
		if (lines_in_use & (1u << irq))
			chip->unmask(irq);
}

int in_interrupt(void)
{
	return (current_thread_info()->preempt_count & HARDIRQ_MASK) != 0;
}

/* What each CPU was doing when its current interrupt came (the watchdog's
 * backtrace); interrupt gates do not nest, so one per CPU is enough. */
static struct trap_frame *irq_frames[NR_CPUS_MAX];

struct trap_frame *trap_irq_frame(int cpu)
{
	return irq_frames[cpu];
}

static void hardware_interrupt(struct trap_frame *f)
{
	struct thread_info *ti = current_thread_info();
	int cpu = ti->cpu;

	ti->preempt_count += HARDIRQ_ONE;
	irq_frames[cpu] = f;
	if (handlers[f->vector])
		handlers[f->vector](f);
	if (f->vector >= IRQ_BASE && f->vector < IRQ_BASE + 16)
		irq_chip->eoi(f->vector - IRQ_BASE);   /* LAPIC vectors: their handler EOIs */
	irq_frames[cpu] = 0;
	ti->preempt_count -= HARDIRQ_ONE;
}

void trap_dispatch(struct trap_frame *f)
{
	if (f->vector < 32) {
		if (handlers[f->vector])
			handlers[f->vector](f);
		else
			exception_unhandled(f);   /* kernel: panic; user: kill */
	} else if (f->vector == T_SYSCALL) {
		if (handlers[T_SYSCALL])
			handlers[T_SYSCALL](f);
		else
			f->eax = (uint32_t)-38;   /* -ENOSYS */
	} else {
		hardware_interrupt(f);
	}
	if (kernel_hooks.trap_return)
		kernel_hooks.trap_return(f);
}
