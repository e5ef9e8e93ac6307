/*
 * lab.c - shared code of the lab demos (see lab.h, docs/lab.md).
 */
#include <stdlib.h>
#include <string.h>
#include "nickel.h"
#include "lab.h"
#include "xipc.h"

void lab_lat_init(struct lab_lat *l, const char *name)
{
	memset(l, 0, sizeof(*l));
	l->name = name;
	l->on_nickel = -1;
}

void lab_lat_add(struct lab_lat *l, long long us)
{
	uint32_t v = us < 0 ? 0 : us > 0x7fffffff ? 0x7fffffff : (uint32_t)us;

	/* The percentiles see the latest LAB_MAX_SAMPLES (a ring: a demo
	 * that runs until power-off keeps reporting fresh ones); avg and max
	 * see every sample. */
	l->us[l->total % LAB_MAX_SAMPLES] = v;
	if (l->n < LAB_MAX_SAMPLES)
		l->n++;
	l->total++;
	l->sum_us += v;
	if (v > l->max_us)
		l->max_us = v;
}

void lab_deadline(struct lab_lat *l, int met)
{
	l->deadlines++;
	if (met)
		l->met++;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of sorted samples: the smallest value with at
 * least pct% of the samples at or below it. */
static uint32_t percentile(const uint32_t *s, uint32_t n, unsigned pct)
{
	uint32_t rank = (uint32_t)(((uint64_t)n * pct + 99) / 100);
	if (n == 0)
		return 0;
	return s[rank ? rank - 1 : 0];
}

static uint32_t sorted[LAB_MAX_SAMPLES];

void lab_summary(const struct lab_lat *l, struct lab_lat_report *r)
{
	memset(r, 0, sizeof(*r));
	strncpy(r->name, l->name, sizeof(r->name) - 1);
	memcpy(sorted, l->us, l->n * sizeof(uint32_t));
	qsort(sorted, l->n, sizeof(uint32_t), cmp_u32);
	r->n = (uint32_t)l->total;
	r->avg_us = l->total ? (uint32_t)(l->sum_us / l->total) : 0;
	r->p50_us = percentile(sorted, l->n, 50);
	r->p99_us = percentile(sorted, l->n, 99);
	r->max_us = l->max_us;
	r->deadlines_met_pct = l->deadlines ?
		(int32_t)((uint64_t)l->met * 100 / l->deadlines) : -1;
}

void lab_report(struct lab_lat *l, int final)
{
	struct lab_lat_report r;
	long rc;

	/* On Linux the call is missing: skip the periodic reports there and
	 * print the line once at the end instead. */
	if (l->on_nickel == 0 && !final)
		return;
	lab_summary(l, &r);
	rc = syscall1(NR_nickel_lat, (long)&r);
	if (l->on_nickel < 0)
		l->on_nickel = rc != -LNX_ENOSYS;
	if (rc == -LNX_ENOSYS && final)
		nk_printf("lat name=%s n=%u avg_us=%u p50_us=%u p99_us=%u max_us=%u "
			  "deadlines_met_pct=%d\n", r.name, (unsigned)r.n,
			  (unsigned)r.avg_us, (unsigned)r.p50_us, (unsigned)r.p99_us,
			  (unsigned)r.max_us, (int)r.deadlines_met_pct);
}

void lab_maybe_report(struct lab_lat *l, long every)
{
	long long now = nk_now_ns();

	if ((every > 0 && l->total % every == 0) || now - l->last_ns >= 250000000LL) {
		l->last_ns = now;
		lab_report(l, 0);
	}
}

/* ---- CPU work ---------------------------------------------------------------- */
#define CAL_LOOPS 20000UL
static long long cal_ns = -1;        /* ns per CAL_LOOPS loops */
static volatile unsigned long sink;

static void spin(unsigned long loops)
{
	for (unsigned long i = 0; i < loops; i++)
		sink += i ^ (sink >> 3);
}

/*
 * The speed of the CPU as this program gets it: loops per wall-clock time,
 * averaged over 300 ms (long, so one stall of the host weighs little), so
 * time the (virtual) CPU is not running
 * at all - a busy host descheduling QEMU - counts too and "5% of the CPU"
 * stays 5% of what the guest really has.  The launchers calibrate once,
 * before any load starts, and pass cal_ns= to every program, so all
 * policies get the same amount of work.
 */
void lab_calibrate(void)
{
	long long t0 = nk_now_ns(), d;
	long long n = 0;

	spin(CAL_LOOPS);                /* warm caches (and QEMU's translation) */
	t0 = nk_now_ns();
	do {
		spin(CAL_LOOPS);
		n++;
		d = nk_now_ns() - t0;
	} while (d < 300000000LL);
	cal_ns = d / n;
	if (cal_ns <= 0)
		cal_ns = 1;
}

long long lab_cal_ns(void)
{
	if (cal_ns < 0)
		lab_calibrate();
	return cal_ns;
}

void lab_calibrate_args(int argc, char **argv)
{
	long v = lab_arg_long(argc, argv, "cal_ns", 0);
	if (v > 0)
		cal_ns = v;
	else
		lab_calibrate();
}

void lab_burn_us(long us)
{
	if (cal_ns < 0)
		lab_calibrate();
	spin((unsigned long)((long long)us * 1000 * (long long)CAL_LOOPS / cal_ns));
}

void lab_sleep_until(long long t_ns)
{
	long long d = t_ns - nk_now_ns();
	if (d <= 0)
		return;
	struct lnx_timespec ts = { (long)(d / 1000000000LL), (long)(d % 1000000000LL) };
	sys_nanosleep(&ts, 0);
}

long lab_arg_long(int argc, char **argv, const char *key, long def)
{
	const char *a = nk_arg(argc, argv, key);
	return a ? strtol(a, 0, 10) : def;
}

void lab_apply_nice(int argc, char **argv, const char *who)
{
	const char *a = nk_arg(argc, argv, "nice");
	if (!a)
		return;
	long r = sys_setpriority(LNX_PRIO_PROCESS, 0, atoi(a));
	if (r < 0)
		nk_printf("%s: setpriority(%s): %ld\n", who, a, r);
}

/* ---- X client loop ------------------------------------------------------------ */
/* Read exactly n bytes (a pipe may hand back less); 0 on EOF or error. */
static int read_full(int fd, void *buf, long n)
{
	char *p = buf;
	while (n > 0) {
		long r = sys_read(fd, p, (unsigned long)n);
		if (r <= 0)
			return 0;
		p += r;
		n -= r;
	}
	return 1;
}

int lab_read_msg(int fd, struct lab_xmsg *m)
{
	return read_full(fd, m, sizeof(*m));
}

/*
 * Every period a burst of requests, each waiting for its reply; the latency
 * is request-to-reply.  The burst's deadline is the next period: a client
 * that is still waiting then has visibly stalled.
 */
int lab_xclient_main(int argc, char **argv, const char *name, long burst_def,
		     long period_def)
{
	static struct lab_lat lat;
	int req = (int)lab_arg_long(argc, argv, "req", 1);
	int rep = (int)lab_arg_long(argc, argv, "rep", 0);
	int id = (int)lab_arg_long(argc, argv, "id", 0);
	int ep = (int)lab_arg_long(argc, argv, "ep", -1);    /* xipc: IPC, not pipes */
	long burst = lab_arg_long(argc, argv, "burst", burst_def);
	long period_us = lab_arg_long(argc, argv, "period_ms", period_def) * 1000;
	long seconds = lab_arg_long(argc, argv, "seconds", 5);
	long every = lab_arg_long(argc, argv, "report", 100);
	const char *n = nk_arg(argc, argv, "name");
	int seq = 0, ok = 1;

	lab_apply_nice(argc, argv, name);
	lab_lat_init(&lat, n ? n : name);
	long long now = nk_now_ns(), end = now + seconds * 1000000000LL;
	long long next = now;
	while (ok && now < end) {
		for (long b = 0; b < burst; b++) {
			struct lab_xmsg m = { id, seq++, nk_now_ns() };
			if (ep >= 0 ? !xipc_exchange(ep, &m) :
			    sys_write(req, &m, sizeof m) != sizeof m ||
			    !lab_read_msg(rep, &m)) {
				nk_printf("%s: server gone\n", lat.name);
				ok = 0;
				break;
			}
			lab_lat_add(&lat, (nk_now_ns() - m.sent_ns) / 1000);
			lab_maybe_report(&lat, every);
		}
		next += period_us * 1000LL;
		now = nk_now_ns();
		lab_deadline(&lat, now <= next);
		if (now > next)
			next = now;         /* late: start again from now, no pile-up */
		lab_sleep_until(next);
		now = nk_now_ns();
	}
	lab_report(&lat, 1);
	lab_linger(argc, argv);
	return 0;
}

/* linger=1 (set by the launchers): stay alive, asleep, after the final
 * report, so the kernel's last stat dump still lists this task's lat line. */
void lab_linger(int argc, char **argv)
{
	if (!lab_arg_long(argc, argv, "linger", 0))
		return;
	for (;;)
		nk_sleep_ms(1000);
}

/* ---- periodic real-time-ish load (audio, video) --------------------------- */
/*
 * Wake every period at an absolute time, do cpu_pct% of the period as CPU
 * work.  Wake-up latency = when we run - when the timer was due.  The
 * deadline of a period is its end (the next wake-up time): the frame or
 * audio fragment must be ready by then.  Periods skipped because we ran
 * late count as missed deadlines.
 */
int lab_periodic_main(int argc, char **argv, const char *name, long period_def_us,
		      long pct_def)
{
	static struct lab_lat lat;
	long period_us = lab_arg_long(argc, argv, "period_us", period_def_us);
	long pct = lab_arg_long(argc, argv, "cpu_pct", pct_def);
	long seconds = lab_arg_long(argc, argv, "seconds", 5);
	long every = lab_arg_long(argc, argv, "report", 100);
	const char *n = nk_arg(argc, argv, "name");
	long long period_ns = period_us * 1000LL;

	lab_apply_nice(argc, argv, name);
	lab_calibrate_args(argc, argv);
	lab_lat_init(&lat, n ? n : name);
	long long start = nk_now_ns(), end = start + seconds * 1000000000LL;
	long long due = start + period_ns;
	while (due < end) {
		lab_sleep_until(due);
		lab_lat_add(&lat, (nk_now_ns() - due) / 1000);
		lab_burn_us(period_us * pct / 100);
		long long done = nk_now_ns();
		lab_deadline(&lat, done <= due + period_ns);
		due += period_ns;
		while (due + period_ns <= done) {     /* whole periods lost */
			lab_deadline(&lat, 0);
			due += period_ns;
		}
		lab_maybe_report(&lat, every);
	}
	lab_report(&lat, 1);
	lab_linger(argc, argv);
	return 0;
}
