/* statdump.h - the contract's stat dump (`stats=MS`, key s, power-off). */
#ifndef NICKEL_STATDUMP_H
#define NICKEL_STATDUMP_H
void stat_dump(void);             /* nothing once the final dump is taken */
void stat_dump_final(void);       /* the run's end: the last dump, whole */
void stat_dump_close_for_panic(unsigned ms);
void stats_thread_start(unsigned period_ms);
#endif
