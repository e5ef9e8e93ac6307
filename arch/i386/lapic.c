/*
 * lapic.c - the local APIC: every CPU has one, at the same physical
 * address (each CPU sees its own), memory-mapped 4 KiB of 32-bit registers
 * on 16-byte strides.
 *
 * What nickel uses it for:
 *  - accepting interrupts: software-enable it (spurious-vector register),
 *    and write EOI at the end of every interrupt it delivered;
 *  - IPIs through the interrupt command register (ICR): INIT and STARTUP
 *    to boot the other CPUs, fixed vectors for reschedule/call/stop;
 *  - its timer, periodic at HZ, each CPU's scheduler tick.  Its input is
 *    the bus clock (unknown), so it is measured against the TSC, itself
 *    calibrated against PIT channel 2 (or the ACPI PM timer, no PIT).
 *
 * Two interfaces to the same registers (SDM vol. 3, "x2APIC"):
 *  - xAPIC: the MMIO page, 8-bit APIC ids in ID bits 31..24, the ICR as two
 *    32-bit halves (destination in the high one) with a delivery-status bit;
 *  - x2APIC: MSR 0x800 + offset/16, 32-bit APIC ids, the ICR one 64-bit MSR
 *    (destination in bits 63..32, no delivery status to wait for).
 * x2APIC is used when the firmware left it on (IA32_APIC_BASE bit 10,
 * EXTD; recent Intel machines do, and the MMIO page is then dead), or when
 * `apic=x2` asks and CPUID.1:ECX bit 21 offers it; `apic=xapic` forces MMIO,
 * leaving x2APIC mode the only legal way: through "disabled" (EN and EXTD
 * cleared together, then EN set).  Every CPU uses the boot CPU's choice.
 *
 * The registers are per CPU: no locking, every function acts on the CPU
 * that runs it (interrupts off where a sequence must not be split).
 */
#include "arch/lapic.h"
#include "arch/paging.h"
#include "arch/cpu.h"
#include "arch/timer.h"
#include "arch/trap.h"
#include "console/printk.h"
#include "boot/cmdline.h"
#include "lib/string.h"

#define LAPIC_ID        0x020
#define LAPIC_TPR       0x080
#define LAPIC_EOI       0x0B0
#define LAPIC_SVR       0x0F0
#define LAPIC_ESR       0x280
#define LAPIC_ICR_LO    0x300
#define LAPIC_ICR_HI    0x310
#define LAPIC_LVT_TIMER 0x320
#define LAPIC_LVT_LINT0 0x350
#define LAPIC_LVT_LINT1 0x360
#define LAPIC_LVT_ERROR 0x370
#define LAPIC_TIMER_INIT 0x380
#define LAPIC_TIMER_CUR 0x390
#define LAPIC_TIMER_DIV 0x3E0

#define SVR_ENABLE      0x100
#define LVT_MASKED      0x10000
#define LVT_PERIODIC    0x20000
#define LVT_NMI         0x400
#define ICR_BUSY        0x1000          /* delivery status: send pending */
#define TIMER_DIV_16    0x3

#define MSR_APIC_BASE   0x1B
#define APIC_BASE_ENABLE 0x800          /* EN */
#define APIC_BASE_X2APIC 0x400          /* EXTD */
#define CPUID_EDX_APIC  (1u << 9)
#define CPUID_ECX_X2APIC (1u << 21)
#define X2APIC_MSR(reg) (0x800 + (reg) / 16)

int lapic_enabled;
int lapic_x2;                           /* x2APIC mode; set once, boot CPU */
static volatile uint32_t *regs;         /* xAPIC: ioremap'd, the same on every CPU */
static uint32_t timer_per_ms;           /* timer ticks (bus/16) per ms */
static int nmi_lint = 1;                /* LINT1 unless the MADT says LINT0 */

static uint32_t rd(uint32_t reg)
{
	return lapic_x2 ? (uint32_t)rdmsr(X2APIC_MSR(reg)) : regs[reg / 4];
}

static void wr(uint32_t reg, uint32_t v)
{
	if (lapic_x2)
		wrmsr(X2APIC_MSR(reg), v);
	else
		regs[reg / 4] = v;
}

uint32_t lapic_id(void)
{
	if (!lapic_enabled)
		return 0;
	return lapic_x2 ? rd(LAPIC_ID) : rd(LAPIC_ID) >> 24;
}

void lapic_eoi(void)
{
	wr(LAPIC_EOI, 0);
}

uint32_t lapic_read_esr(void)
{
	wr(LAPIC_ESR, 0);                  /* a write latches the current errors */
	return rd(LAPIC_ESR);
}

/* Accept interrupts: spurious vector 0xFF, priority 0, errors masked. */
static void lapic_enable_here(void)
{
	wr(LAPIC_SVR, SVR_ENABLE | T_SPURIOUS);
	wr(LAPIC_TPR, 0);
	wr(LAPIC_LVT_ERROR, LVT_MASKED);
	wr(LAPIC_LVT_TIMER, LVT_MASKED);
	lapic_read_esr();
	lapic_eoi();                       /* drop anything left from firmware */
}

static void spurious(struct trap_frame *f)
{
	(void)f;                           /* no EOI for a spurious interrupt */
}

/* Put this CPU's APIC in the chosen mode (the SDM's legal transitions). */
static void set_mode_here(int x2)
{
	uint64_t base = rdmsr(MSR_APIC_BASE);
	uint64_t off = base & ~(uint64_t)(APIC_BASE_ENABLE | APIC_BASE_X2APIC);

	if ((base & APIC_BASE_X2APIC) && !x2) {
		wrmsr(MSR_APIC_BASE, off);                    /* x2APIC -> disabled */
		wrmsr(MSR_APIC_BASE, off | APIC_BASE_ENABLE); /* -> xAPIC */
	} else if (!(base & APIC_BASE_X2APIC) && x2) {
		wrmsr(MSR_APIC_BASE, off | APIC_BASE_ENABLE);
		wrmsr(MSR_APIC_BASE, off | APIC_BASE_ENABLE | APIC_BASE_X2APIC);
	} else if (!(base & APIC_BASE_ENABLE)) {
		wrmsr(MSR_APIC_BASE, base | APIC_BASE_ENABLE);
	}
}

/* x2APIC or not: the firmware's state, unless apic= says otherwise. */
static int want_x2(uint64_t base, uint32_t cpuid_ecx)
{
	int on = (base & APIC_BASE_X2APIC) != 0;
	int offered = (cpuid_ecx & CPUID_ECX_X2APIC) != 0;

	if (!strcmp(boot_args.apic, "xapic")) {
		if (on)
			printk("nickel: lapic: apic=xapic: leaving the firmware's x2APIC mode\n");
		return 0;
	}
	if (!strcmp(boot_args.apic, "x2") && !offered)
		printk("nickel: lapic: apic=x2: this CPU has no x2APIC (CPUID.1:ECX bit 21); "
		       "using xAPIC\n");
	if (!strcmp(boot_args.apic, "x2"))
		return offered;
	return on;
}

int lapic_init_boot(uint32_t phys)
{
	uint32_t r[4];
	uint64_t base;

	cpuid(1, 0, r);
	if (!(r[3] & CPUID_EDX_APIC)) {
		printk("nickel: lapic: CPU has no local APIC\n");
		return -1;
	}
	base = rdmsr(MSR_APIC_BASE);
	lapic_x2 = want_x2(base, r[2]);
	if (!lapic_x2 && !(regs = ioremap(phys, PAGE_SIZE)))
		return -1;
	set_mode_here(lapic_x2);
	if (lapic_x2)
		printk("nickel: lapic: x2APIC mode (MSR interface), %s\n",
		       base & APIC_BASE_X2APIC ? "left on by the firmware" : "turned on by apic=x2");
	trap_set_handler(T_SPURIOUS, spurious);
	lapic_enable_here();
	lapic_enabled = 1;
	return 0;
}

/* Read back from this CPU's APIC base MSR, for the bring-up report. */
int lapic_x2_here(void)
{
	return (rdmsr(MSR_APIC_BASE) & APIC_BASE_X2APIC) != 0;
}

void lapic_set_nmi_lint(int lint)
{
	nmi_lint = lint;
}

/* An AP: the boot CPU's mode; the PIC's lines go to the boot CPU only, the
 * NMI pin (LINT1 on PCs) stays NMI. */
void lapic_init_ap(void)
{
	set_mode_here(lapic_x2);
	lapic_enable_here();
	wr(LAPIC_LVT_LINT0, nmi_lint == 0 ? LVT_NMI : LVT_MASKED);
	wr(LAPIC_LVT_LINT1, nmi_lint == 0 ? LVT_MASKED : LVT_NMI);
}

void lapic_mask_lint0(void)
{
	wr(LAPIC_LVT_LINT0, LVT_MASKED);
}

static int wait_icr_idle(void)
{
	uint64_t end = time_us() + 100000;

	while (rd(LAPIC_ICR_LO) & ICR_BUSY)
		if (time_us() > end)
			return -1;
	return 0;
}

/* xAPIC: ICR high first (destination), the write to ICR low sends.
 * x2APIC: one 64-bit write, nothing to wait for. */
int lapic_send_ipi(uint32_t apic_id, uint32_t icr_low)
{
	unsigned long f;
	int r;

	if (lapic_x2) {
		wrmsr(X2APIC_MSR(LAPIC_ICR_LO), (uint64_t)apic_id << 32 | icr_low);
		return 0;
	}
	f = irq_save();
	r = wait_icr_idle();

	if (r == 0) {
		wr(LAPIC_ICR_HI, apic_id << 24);
		wr(LAPIC_ICR_LO, icr_low);
		r = wait_icr_idle();
	}
	irq_restore(f);
	return r;
}

/*
 * Calibration: the timer counts down from 2^32-1 across a window of the
 * TSC, already calibrated against PIT channel 2 or the ACPI PM timer
 * (tsc_calibrate.c).  Each end is the timer's count read between two TSC
 * reads (read_beside_tsc), so a late read (the host pausing this vCPU, an
 * SMI) is dropped instead of stretching the window; the TSC resolves well
 * under a microsecond, so a 1 ms window is good to about 0.1% (the smp
 * scenarios' checks allow 2%).  Three windows, the median kept.  (The
 * spec's warning: never count timer interrupts to measure time.)
 */
#define CAL_WINDOW_US 1000
#define CAL_ROUNDS  3
#define GUESS_PER_MS 62500                 /* QEMU's 1 GHz / 16 */

static uint32_t timer_count(void)
{
	return rd(LAPIC_TIMER_CUR);
}

/* Timer ticks per ms over one window of the TSC. */
static uint64_t one_window(void)
{
	uint64_t cycles = (uint64_t)tsc_khz() * CAL_WINDOW_US / 1000, t0, t1;
	uint32_t c0, c1;

	wr(LAPIC_TIMER_INIT, ~0u);
	c0 = read_beside_tsc(timer_count, &t0);
	while (rdtsc() - t0 < cycles)
		cpu_relax();
	c1 = read_beside_tsc(timer_count, &t1);
	return (uint64_t)(c0 - c1) * tsc_khz() / (t1 - t0);
}

void lapic_timer_calibrate(void)
{
	const char *ref = tsc_calibrated_against();
	uint64_t got[CAL_ROUNDS], t_start = rdtsc();
	int i;

	wr(LAPIC_TIMER_DIV, TIMER_DIV_16);
	wr(LAPIC_LVT_TIMER, LVT_MASKED);
	for (i = 0; ref && i < CAL_ROUNDS; i++)
		got[i] = one_window();
	wr(LAPIC_TIMER_INIT, 0);
	timer_per_ms = ref ? (uint32_t)median_of(got, CAL_ROUNDS) : GUESS_PER_MS;
	boot_calibration_cycles += rdtsc() - t_start;
	if (ref)
		printk("nickel: lapic: timer %u ticks per ms (bus %u kHz), calibrated "
		       "against the TSC, itself against %s (%d windows of %d us)\n",
		       timer_per_ms, timer_per_ms * 16, ref, CAL_ROUNDS, CAL_WINDOW_US);
	else
		printk("nickel: lapic: timer %u ticks per ms (bus %u kHz), a guess: the TSC "
		       "was calibrated against nothing\n", timer_per_ms, timer_per_ms * 16);
}

void lapic_timer_start(void)
{
	wr(LAPIC_TIMER_DIV, TIMER_DIV_16);
	wr(LAPIC_LVT_TIMER, LVT_PERIODIC | T_LAPIC_TIMER);
	wr(LAPIC_TIMER_INIT, timer_per_ms * 1000 / HZ);
}
