#include "../../../../kernel/sched/nick.c"
