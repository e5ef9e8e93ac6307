/* smp.c - one CPU for now: the SMP issue brings the others up. */
#include "smp.h"

void smp_stop_others(void) { }
void smp_send_resched(int cpu) { (void)cpu; }
