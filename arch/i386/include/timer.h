/* timer.h - the PIT tick (jiffies) and the TSC clock (microseconds). */
#ifndef ARCH_TIMER_H
#define ARCH_TIMER_H
#include <stdint.h>

#define HZ 1000
#define PIT_HZ 1193182

extern volatile uint32_t jiffies;

void pit_init(void);              /* channel 0 at HZ, IRQ 0 advances jiffies */
void tsc_calibrate(void);         /* measure TSC ticks per us against the PIT */
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
