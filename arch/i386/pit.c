/*
 * pit.c - the 8253/8254 programmable interval timer and the TSC.
 *
 * Channel 0 interrupts HZ times a second; CPU 0 counts them in `jiffies`.
 * For microsecond timestamps we calibrate the TSC once against PIT channel 2
 * (polled, so it works before interrupts are on): under QEMU TCG and KVM
 * timer interrupts can be merged, so counting interrupts is no clock.
 */
#include "timer.h"
#include "io.h"
#include "cpu.h"
#include "pic.h"
#include "trap.h"

#define PIT_CH0    0x40
#define PIT_CH2    0x42
#define PIT_CMD    0x43
#define PIT_GATE   0x61    /* bit 0: channel 2 gate, bit 5: channel 2 output */

volatile uint32_t jiffies;
static uint64_t tsc_per_us = 1000;      /* until calibrated: a 1 GHz guess */
static uint64_t tsc_at_boot;
static void (*tick_hook)(void);

/*
 * Late ticks in bursts (busyhost=1, docs/time.md): of every BURST_PERIOD
 * interrupts, the first BURST_HELD are held back and counted together with
 * the one after them, as QEMU delivers the ticks of a vCPU the host did not
 * run.  jiffies then lag the TSC by up to BURST_HELD ms and catch up at once.
 */
#define BURST_PERIOD 40
#define BURST_HELD   8
static int tick_bursts;
static unsigned burst_phase, held_ticks;

static void count_tick(void)
{
	jiffies++;
	if (tick_hook)
		tick_hook();
}

static void pit_irq(struct trap_frame *f)
{
	(void)f;
	if (tick_bursts) {
		if (burst_phase++ % BURST_PERIOD < BURST_HELD) {
			held_ticks++;
			return;
		}
		for (; held_ticks; held_ticks--)
			count_tick();
	}
	count_tick();
}

void pit_set_bursts(int on)
{
	tick_bursts = on;
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

/* Busy-wait `ticks` PIT input ticks on channel 2 (one-shot, mode 0). */
static void pit_wait_ticks(uint16_t ticks)
{
	uint8_t gate = inb(PIT_GATE);

	outb(PIT_GATE, (gate & ~0x02) | 0x01);  /* gate on, speaker off */
	outb(PIT_CMD, 0xB0);                    /* ch2, lo/hi, mode 0 */
	outb(PIT_CH2, ticks & 0xFF);
	outb(PIT_CH2, ticks >> 8);
	while (!(inb(PIT_GATE) & 0x20))
		cpu_relax();
	outb(PIT_GATE, gate);
}

/*
 * Channel 2 as a free-running 16-bit down-counter (mode 0 from 0xFFFF, 55 ms
 * until it wraps): lapic.c reads it side by side with the LAPIC timer, so
 * that a late read (a host pause) delays both counters alike.
 */
void pit_ch2_start(void)
{
	outb(PIT_GATE, (inb(PIT_GATE) & ~0x02) | 0x01);  /* gate on, speaker off */
	outb(PIT_CMD, 0xB0);                            /* ch2, lo/hi, mode 0 */
	outb(PIT_CH2, 0xFF);
	outb(PIT_CH2, 0xFF);
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

void tsc_calibrate(void)
{
	/* 50 ms windows (59659 PIT ticks), best of 3 against SMI/host noise. */
	const uint16_t window = PIT_HZ / 20;
	uint64_t best = ~0ull;
	int i;

	for (i = 0; i < 3; i++) {
		uint64_t t0 = rdtsc(), d;
		pit_wait_ticks(window);
		d = rdtsc() - t0;
		if (d < best)
			best = d;
	}
	tsc_per_us = best / 50000;
	if (tsc_per_us == 0)
		tsc_per_us = 1;
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
