/*
 * sched_env_types.h (kernel) - the kernel's types for the scheduler core's
 * environment (the contract: kernel/sched/sched_env.h; implemented in
 * kernel/env/sched_env.c).  The host's: kernel/sched/host/.
 */
#ifndef NICKEL_SCHED_ENV_TYPES_H
#define NICKEL_SCHED_ENV_TYPES_H

#include "spinlock.h"
#include "lib/string.h"

typedef spinlock_t sched_lock_t;
#define sched_snprintf snprintf            /* the kernel's own (lib/vsnprintf.c) */

#endif
