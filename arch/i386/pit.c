/*
 * pit.c - the 8253/8254 programmable interval timer and the TSC.
 *
 * Channel 0 interrupts HZ times a second; CPU 0 counts them in `jiffies`.
 * For microsecond timestamps we calibrate the TSC once against PIT channel 2
 * (polled, so it works before interrupts are on): under QEMU TCG and KVM
 * timer interrupts can be merged, so counting interrupts is no clock.
 *
 * A PC without a working PIT (the 8254's clock gated off; QEMU's
 * `-machine pc,pit=off`): channel 2 does not count, so tsc_calibrate leaves
 * the TSC to the ACPI PM timer (pmtimer.c, from smp_detect); and IRQ 0
 * never ticks, which smp_boot_aps notices (pit_ticks_within_ms) and then
 * has CPU 0's LAPIC timer call jiffies_tick instead.
 */
#include "arch/timer.h"
#include "arch/io.h"
#include "arch/cpu.h"
#include "arch/pic.h"
#include "arch/trap.h"
#include "console/printk.h"

#define PIT_CH0    0x40
#define PIT_CH2    0x42
#define PIT_CMD    0x43
#define PIT_GATE   0x61    /* bit 0: channel 2 gate, bit 5: channel 2 output */

volatile uint32_t jiffies;
int pit_ch2_dead;
int jiffies_from_lapic;
static uint64_t tsc_per_us = 1000;      /* until calibrated: a 1 GHz guess */
static uint64_t tsc_at_boot;
uint64_t boot_calibration_cycles, boot_ap_cycles;
static void (*tick_hook)(void);

/*
 * Late ticks in bursts (busyhost=1, docs/time.md): now and then CPU 0
 * holds back 1..BURST_HELD interrupts and counts them together with the
 * next one, as QEMU delivers the ticks of a vCPU the host did not run.
 * jiffies then lag the TSC by up to BURST_HELD ms and catch up at once.
 * A hold starts BURST_GAP..2*BURST_GAP-1 ticks after the last one ended:
 * a fixed pseudo-random sequence, so runs repeat and no sleeper can fall
 * into step with it.
 */
#define BURST_HELD 8
#define BURST_GAP  16
static int tick_bursts;
static uint32_t burst_dice = 7;
static unsigned until_hold = BURST_GAP, hold_left, held_ticks;

static unsigned burst_random(unsigned n)
{
	burst_dice = burst_dice * 1103515245u + 12345u;
	return (burst_dice >> 16) % n;
}

/* busyhost=1: is this interrupt held back? */
static int hold_this_tick(void)
{
	if (hold_left == 0 && --until_hold == 0) {
		hold_left = 1 + burst_random(BURST_HELD);
		until_hold = BURST_GAP + burst_random(BURST_GAP);
	}
	if (hold_left == 0)
		return 0;
	hold_left--;
	held_ticks++;
	return 1;
}

void jiffies_tick(void)
{
	jiffies++;
	if (tick_hook)
		tick_hook();
}

static void pit_irq(struct trap_frame *f)
{
	(void)f;
	if (tick_bursts && hold_this_tick())
		return;
	for (; held_ticks; held_ticks--)
		jiffies_tick();
	jiffies_tick();
}

void pit_set_bursts(int on)
{
	tick_bursts = on;
}

/* Interrupts on for up to `ms` of TSC time: did IRQ 0 advance jiffies? */
int pit_ticks_within_ms(uint32_t ms)
{
	uint32_t j0 = jiffies;
	uint64_t end = time_us() + (uint64_t)ms * 1000;

	sti();
	while (jiffies == j0 && time_us() < end)
		cpu_relax();
	cli();
	return jiffies != j0;
}

void pit_set_tick_hook(void (*hook)(void))
{
	tick_hook = hook;
}

void pit_init(void)
{
	uint16_t divisor = (PIT_HZ + HZ / 2) / HZ;

	outb(PIT_CMD, 0x34);                 /* ch0, lo/hi byte, mode 2 */
	outb(PIT_CH0, divisor & 0xFF);
	outb(PIT_CH0, divisor >> 8);
	irq_install(0, pit_irq);
}

/*
 * Channel 2 as a free-running 16-bit down-counter (mode 0 from 0xFFFF, 55 ms
 * until it wraps): tsc_calibrate.c reads it side by side with the TSC, so
 * that a late read (a host pause) shows and is dropped.  An 8254 loads a
 * new count at the next input clock (0.84 us), and until then a read gives
 * the old one: wait for the value to change (QEMU loads at once), or a
 * window would start from a stale count.  A dead channel 2 never changes:
 * at most 1000 reads.
 */
void pit_ch2_start(void)
{
	uint16_t before = pit_ch2_read();
	int i;

	outb(PIT_GATE, (inb(PIT_GATE) & ~0x02) | 0x01);  /* gate on, speaker off */
	outb(PIT_CMD, 0xB0);                            /* ch2, lo/hi, mode 0 */
	outb(PIT_CH2, 0xFF);
	outb(PIT_CH2, 0xFF);
	for (i = 0; i < 1000 && pit_ch2_read() == before; i++)
		cpu_relax();
}

uint16_t pit_ch2_read(void)
{
	uint8_t lo, hi;

	outb(PIT_CMD, 0x80);                            /* latch channel 2 */
	lo = inb(PIT_CH2);
	hi = inb(PIT_CH2);
	return (uint16_t)(hi << 8 | lo);
}

int pit_ch2_wrapped(void)
{
	return (inb(PIT_GATE) & 0x20) != 0;             /* OUT high: reached 0 */
}

static uint32_t pit_ch2_up(void)
{
	return 0xFFFFu - pit_ch2_read();
}

const struct ref_clock *pit_clock(void)
{
	static const struct ref_clock c = {
		"the PIT", PIT_HZ, 0xFFFF, pit_ch2_start, pit_ch2_up, pit_ch2_wrapped,
	};
	return &c;
}

/* Does channel 2 count at all?  A live one moves within a few reads (it
 * ticks every 0.84 us); a missing one reads the same forever.  Asked for
 * 2 million TSC cycles (0.5 ms at 4 GHz: hundreds of PIT ticks), the TSC's
 * rate being still unknown. */
#define CH2_PATIENCE_CYCLES 2000000

static int pit_ch2_counts(void)
{
	uint64_t t0 = rdtsc();
	uint16_t first;

	pit_ch2_start();
	first = pit_ch2_read();
	while (rdtsc() - t0 < CH2_PATIENCE_CYCLES)
		if (pit_ch2_read() != first)
			return 1;
	return 0;
}

void tsc_set_per_us(uint64_t per_us)
{
	tsc_per_us = per_us ? per_us : 1;
}

/* The TSC against channel 2 (tsc_calibrate.c); a dead channel 2 leaves it to
 * the ACPI PM timer, once smp_detect has read the FADT. */
void tsc_calibrate(void)
{
	uint64_t t_start = rdtsc();
	int live = pit_ch2_counts();

	tsc_at_boot = t_start;
	boot_calibration_cycles += rdtsc() - t_start;
	if (!live) {
		pit_ch2_dead = 1;
		printk("nickel: timer: PIT channel 2 does not count; the TSC waits for "
		       "the ACPI PM timer\n");
		return;
	}
	tsc_calibrate_against(pit_clock());
	tsc_at_boot = rdtsc();
}

uint64_t time_us(void)
{
	return (rdtsc() - tsc_at_boot) / tsc_per_us;
}

uint32_t tsc_khz(void)
{
	return (uint32_t)(tsc_per_us * 1000);
}

void udelay(uint32_t us)
{
	uint64_t end = rdtsc() + (uint64_t)us * tsc_per_us;
	while (rdtsc() < end)
		cpu_relax();
}

void mdelay(uint32_t ms)
{
	while (ms--)
		udelay(1000);
}
