/* trap.h - the register frame that every interrupt and exception builds. */
#ifndef ARCH_TRAP_H
#define ARCH_TRAP_H
#include <stdint.h>

/*
 * Layout pushed by arch/i386/isr.asm (lowest address first).  esp and ss
 * after eflags exist only when the CPU came from ring 3.
 */
struct trap_frame {
	uint32_t gs, fs, es, ds;
	uint32_t edi, esi, ebp, esp_dummy, ebx, edx, ecx, eax; /* pusha */
	uint32_t vector, error;
	uint32_t eip, cs, eflags;
	uint32_t user_esp, user_ss;
};

static inline int trap_from_user(const struct trap_frame *f)
{
	return (f->cs & 3) == 3;
}

#define T_DIVIDE     0
#define T_DEBUG      1
#define T_NMI        2
#define T_BREAKPOINT 3
#define T_INVALID_OP 6
#define T_DOUBLE_FAULT 8
#define T_GPF        13
#define T_PAGE_FAULT 14
#define IRQ_BASE     32       /* PIC IRQ 0..15 -> vectors 32..47 */
#define T_SYSCALL    0x80
#define T_IPI_RESCHED  0xF0   /* SMP vectors (LAPIC) */
#define T_IPI_CALL     0xF1
#define T_IPI_STOP     0xF2
#define T_IPI_TICK     0xF3   /* start this CPU's LAPIC timer (smp.c) */
#define T_LAPIC_TIMER  0xF8
#define T_SPURIOUS     0xFF

typedef void (*irq_handler_t)(struct trap_frame *f);

void idt_init(void);
void idt_load(void);              /* on each CPU */
void trap_set_handler(int vector, irq_handler_t h);
const char *trap_name(int vector);
void irq_install(int irq, irq_handler_t h);  /* legacy IRQ line 0..15 */
int  in_interrupt(void);                     /* running an IRQ handler? */
struct trap_frame *trap_irq_frame(int cpu);  /* cpu's interrupted state, in an IRQ */
void trap_dispatch(struct trap_frame *f);

/* isr.asm: leave the kernel through f, as an interrupt returns (a new
 * process's first trip to ring 3); the double-fault task's first eip. */
void trap_frame_enter(struct trap_frame *f) __attribute__((noreturn));
void double_fault_entry(void);
#endif
