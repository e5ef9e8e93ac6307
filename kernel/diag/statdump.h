/* statdump.h - the contract's stat dump (`stats=MS`, key s, power-off). */
#ifndef NICKEL_STATDUMP_H
#define NICKEL_STATDUMP_H
void stat_dump(void);
void stats_thread_start(unsigned period_ms);
#endif
