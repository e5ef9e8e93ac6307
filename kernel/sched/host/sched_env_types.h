/*
 * sched_env_types.h (host) - the host's types for the scheduler core's
 * environment (the contract: kernel/sched/sched_env.h), for the unit tests,
 * the bench and schedsim.  The knobs the tests turn: sched_env_host.h.
 * Locks are checked (a double lock or a stray unlock aborts).
 */
#ifndef NICKEL_SCHED_ENV_TYPES_H
#define NICKEL_SCHED_ENV_TYPES_H

typedef struct {
	int held;      /* 1 while locked */
	int owner;     /* CPU that holds it */
} sched_lock_t;

#endif
