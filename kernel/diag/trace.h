/* trace.h - sched_switch / sched_wakeup / nickel_ipc events (trace=1, key t). */
#ifndef NICKEL_TRACE_H
#define NICKEL_TRACE_H
struct sched_task;
extern int trace_on;
void trace_switch(int cpu, struct sched_task *prev, struct sched_task *next);
void trace_wakeup(int cpu, struct sched_task *p, int success);
/* An IPC event (kernel/ipc/ipc_trace.h): t acts, peer (or NULL) is the other side. */
void trace_ipc(int cpu, const char *what, int ep, struct sched_task *t,
	       struct sched_task *peer);
void trace_toggle(void);       /* key t: on, or off and dump */
void trace_dump(void);
#endif
