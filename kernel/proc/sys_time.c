/* sys_time.c - nanosleep, gettimeofday, clock_gettime, time, uname. */
#include "proc/syscall.h"
#include "proc/task.h"
#include "mm/uaccess.h"
#include "mm/mm.h"
#include "wait.h"
#include "arch/timer.h"
#include "proc/abi.h"
#include "lib/string.h"
#include "lib/version.h"
#include "diag/lat.h"
#include "mm/heap.h"
#include "spinlock.h"
#include "boot/cmdline.h"
#include "proc/nanosleep.h"

/* Microseconds since boot (nickel has no wall clock: the epoch is boot). */
static uint64_t now_us(void)
{
	return time_us();
}

/*
 * The clock as nanosleep reads it.  busyhost=1 (docs/time.md): about one
 * reading in three, in a fixed pseudo-random order, first loses the CPU for
 * BUSYHOST_STALL_US, as when the host deschedules the vCPU just then (the
 * TSC runs on meanwhile).
 */
#define BUSYHOST_STALL_US 25000
static uint64_t sleep_clock_us(void)
{
	static uint32_t dice = 1;    /* a fixed sequence: runs repeat */

	if (boot_args.busyhost) {
		dice = dice * 1103515245u + 12345u;
		if ((dice >> 16) % 3 == 0)
			udelay(BUSYHOST_STALL_US);
	}
	return now_us();
}

/*
 * Sleep `ticks` timer ticks, then on until the TSC (the clock of
 * clock_gettime) reaches end_us: under QEMU without KVM a burst of late
 * timer interrupts can run the ticks ahead of it (a 20 ms nanosleep once
 * ended after 7.3 ms by clock_gettime).  When the clocks agree the first
 * sleep is enough.  Each round reads the clock once: the deadline test and
 * the time left must see the same instant (docs/time.md, "The lost
 * wake-up").  A kill ends the sleep at once.
 */
static void sleep_until_clock(uint64_t end_us, unsigned ticks)
{
	uint64_t now;

	sleep_ms(ticks);
	while (!current->pending_signal && (now = sleep_clock_us()) < end_us)
		sleep_ms(nanosleep_ticks_left(end_us, now));
}

/* The request's deadline by both clocks, for the sleep and for check=1's
 * kernel/diag/check_sleepers.c (which reports a sleeper past both by 100 ms). */
static void start(struct task *t, uint32_t sec, uint32_t nsec)
{
	t->nanosleep_due = jiffies + nanosleep_ticks(sec, nsec);
	t->nanosleep_end_us = sleep_clock_us() + nanosleep_us(sec, nsec);
	t->in_nanosleep = 1;
}

static long sys_nanosleep(struct syscall_args *sa)
{
	uint32_t ts[2];

	if (copy_from_user(ts, sa->a[0], 8) != 0)
		return -EFAULT;
	if ((int32_t)ts[0] < 0 || ts[1] >= 1000000000u)
		return -EINVAL;
	if (sa->a[1] && mm_prepare_access(current->mm, sa->a[1], 8, 1) != 0)
		return -EFAULT;
	start(current, ts[0], ts[1]);
	sleep_until_clock(current->nanosleep_end_us, nanosleep_ticks(ts[0], ts[1]));
	current->in_nanosleep = 0;
	return 0;
}

static void split(uint64_t us, uint32_t out[2], uint32_t unit)
{
	uint32_t sec = (uint32_t)(us / 1000000);
	out[0] = sec;
	out[1] = (uint32_t)(us - (uint64_t)sec * 1000000) * unit;
}

static long sys_gettimeofday(struct syscall_args *sa)
{
	uint32_t tv[2];

	split(now_us(), tv, 1);
	if (sa->a[0] && copy_to_user(sa->a[0], tv, 8) != 0)
		return -EFAULT;
	return 0;
}

static long sys_clock_gettime(struct syscall_args *sa)
{
	uint32_t ts[2];

	if (sa->a[0] > 7)
		return -EINVAL;
	split(now_us(), ts, 1000);
	return copy_to_user(sa->a[1], ts, 8);
}

static long sys_time(struct syscall_args *sa)
{
	uint32_t t = (uint32_t)(now_us() / 1000000);

	if (sa->a[0] && copy_to_user(sa->a[0], &t, 4) != 0)
		return -EFAULT;
	return (long)t;
}

/* struct utsname: six fields of 65 bytes. */
static long sys_uname(struct syscall_args *sa)
{
	static const char *const fields[6] = {
		"nickel", "nickel", NICKEL_VERSION, "v7 scheduler lab", "i686", "" };
	char u[6 * 65];
	int i;

	memset(u, 0, sizeof(u));
	for (i = 0; i < 6; i++)
		strncpy(u + 65 * i, fields[i], 64);
	return copy_to_user(sa->a[0], u, sizeof(u));
}

/* The name goes into the stat dump as one word: a space, a newline or a
 * control character from ring 3 would forge lines (fuzzregress:lat_name). */
static void lat_clean_name(char *name, unsigned n)
{
	unsigned i;

	name[n - 1] = 0;
	for (i = 0; name[i]; i++)
		if (name[i] <= ' ' || name[i] > '~')
			name[i] = '_';
}

/* nickel only: keep a demo's latency summary for the stat dump (lat.h). */
static long sys_nickel_lat(struct syscall_args *sa)
{
	struct lat_report r;
	struct task *t = current;
	unsigned long f;

	if (copy_from_user(&r, sa->a[0], sizeof(r)) != 0)
		return -EFAULT;
	lat_clean_name(r.name, sizeof(r.name));
	if (!t->lat && !(t->lat = kzalloc(sizeof(r))))
		return -ENOMEM;
	f = spin_lock_irqsave(&tasks_lock);   /* the stat dump reads it so */
	*t->lat = r;
	spin_unlock_irqrestore(&tasks_lock, f);
	return 0;
}

int lat_format(char *buf, unsigned n, const struct lat_report *r)
{
	return snprintf(buf, n, "lat name=%s n=%u avg_us=%u p50_us=%u p99_us=%u "
			"max_us=%u deadlines_met_pct=%d", r->name, r->n, r->avg_us,
			r->p50_us, r->p99_us, r->max_us, r->deadlines_met_pct);
}

void sys_time_init(void)
{
	syscall_register(NR_nickel_lat, sys_nickel_lat);
	syscall_register(NR_nanosleep, sys_nanosleep);
	syscall_register(NR_gettimeofday, sys_gettimeofday);
	syscall_register(NR_clock_gettime, sys_clock_gettime);
	syscall_register(NR_time, sys_time);
	syscall_register(NR_uname, sys_uname);
}
