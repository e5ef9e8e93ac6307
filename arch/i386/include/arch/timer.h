/* timer.h - the PIT tick (jiffies), the TSC clock (microseconds), and the
 * reference clocks the TSC and the LAPIC timer are measured against. */
#ifndef ARCH_TIMER_H
#define ARCH_TIMER_H
#include <stdint.h>

#define HZ 1000
#define PIT_HZ 1193182

extern volatile uint32_t jiffies;
extern int pit_ch2_dead;          /* channel 2 does not count: no PIT clock */
extern int jiffies_from_lapic;    /* IRQ 0 never ticked: CPU 0's LAPIC timer counts */

/* A free-running counter to measure other clocks against: read() counts up
 * and wraps at mask; overran() says a window was too long to be trusted. */
struct ref_clock {
	const char *name;
	uint32_t hz;
	uint32_t mask;
	void (*start)(void);
	uint32_t (*read)(void);
	int (*overran)(void);
};
const struct ref_clock *pit_clock(void);      /* PIT channel 2 (pit.c) */
const struct ref_clock *pm_timer_clock(void); /* ACPI PM timer or NULL (pmtimer.c) */
/* The TSC's calibration (tsc_calibrate.c): 3 windows of TSC_CAL_WINDOW_US of
 * the reference, each end read side by side with the TSC, the median kept.
 * 2 ms of the PIT is 2386 ticks; an end off by a tick and a few us of pair
 * costs about 0.1% (docs/boot.md, "Boot time"). */
#define TSC_CAL_WINDOW_US 2000
void tsc_calibrate_against(const struct ref_clock *ref);
const char *tsc_calibrated_against(void);  /* the reference's name; NULL: a guess */
/* A counter read between two TSC reads, the tightest of a few tries: its
 * value, and in *tsc the TSC in the middle of that pair. */
uint32_t read_beside_tsc(uint32_t (*read)(void), uint64_t *tsc);
uint64_t median_of(uint64_t *v, int n);   /* sorts v[0..n-1]; 0 if n is 0 */
void tsc_set_per_us(uint64_t per_us);
void jiffies_tick(void);          /* one jiffy on CPU 0: IRQ 0 or the LAPIC timer */
int  pit_ticks_within_ms(uint32_t ms);  /* interrupts on for up to ms: did IRQ 0 tick? */

/* Boot time, in TSC cycles (kernel/boot/boot_time.c reports them): the TSC
 * at _start (boot/entry.asm), then the cycles spent calibrating the TSC and
 * the LAPIC timer (pit.c, pmtimer.c, lapic.c) and starting the APs
 * (smpboot.c).  Written by the boot CPU only, before init runs. */
extern uint64_t boot_tsc_entry;
extern uint64_t boot_calibration_cycles;
extern uint64_t boot_ap_cycles;

void pit_init(void);              /* channel 0 at HZ, IRQ 0 advances jiffies */
void tsc_calibrate(void);         /* TSC ticks per us against PIT channel 2 */
uint64_t time_us(void);           /* microseconds since boot (TSC based) */
uint32_t tsc_khz(void);
void udelay(uint32_t us);         /* busy wait, usable before interrupts */
void mdelay(uint32_t ms);
void pit_set_tick_hook(void (*hook)(void));  /* the scheduler tick on CPU 0 */
void pit_set_bursts(int on);       /* busyhost=1: late ticks counted in bursts */
void pit_ch2_start(void);          /* channel 2 counts down from 0xFFFF (PIT_HZ) */
uint16_t pit_ch2_read(void);
int pit_ch2_wrapped(void);         /* it passed 0: the window was too long */
#endif
