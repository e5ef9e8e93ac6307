/*
 * lapic.h - the local APIC of each CPU (arch/i386/lapic.c): end of
 * interrupt, inter-processor interrupts, and the per-CPU timer.
 */
#ifndef ARCH_LAPIC_H
#define ARCH_LAPIC_H
#include <stdint.h>

/* ICR low word: delivery mode, level, destination shorthand. */
#define ICR_FIXED        0x00000
#define ICR_NMI          0x00400
#define ICR_INIT         0x00500
#define ICR_STARTUP      0x00600
#define ICR_ASSERT       0x04000
#define ICR_LEVEL        0x08000
#define ICR_ALL_INCL_SELF 0x80000
#define ICR_ALL_BUT_SELF 0xC0000

extern int lapic_enabled;           /* 0: no usable LAPIC, PIC only, 1 CPU */
extern int lapic_x2;                /* 1: x2APIC mode (MSRs, 32-bit ids) */

int  lapic_init_boot(uint32_t phys); /* boot CPU: map and enable; 0 or -1 */
void lapic_init_ap(void);            /* each AP, before its timer */
void lapic_set_nmi_lint(int lint);   /* the MADT's NMI pin for the APs (0 or 1) */
int  lapic_x2_here(void);            /* this CPU's APIC is in x2APIC mode */
uint32_t lapic_id(void);
void lapic_eoi(void);
void lapic_mask_lint0(void);         /* the PIC's virtual wire, once the IOAPIC routes */
uint32_t lapic_read_esr(void);       /* send/accept errors since the last read */
/* Send an IPI (icr_low: vector | mode | flags); waits for the delivery
 * status to clear.  Returns 0, or -1 when it stayed busy for ~100 ms. */
int  lapic_send_ipi(uint32_t apic_id, uint32_t icr_low);
void lapic_timer_calibrate(void);    /* boot CPU, against the calibrated TSC */
void lapic_timer_start(void);        /* this CPU: periodic at HZ */
#endif
