/* nklib.c - small helpers of nickel.h on top of the raw calls. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "nickel.h"

long long nk_now_ns(void)
{
	struct lnx_timespec ts;
	if (sys_clock_gettime(LNX_CLOCK_MONOTONIC, &ts) < 0)
		return -1;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long nk_sleep_ms(long ms)
{
	struct lnx_timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	return sys_nanosleep(&ts, 0);
}

int nk_nice_value(void)
{
	long r = sys_getpriority(LNX_PRIO_PROCESS, 0);
	return r < 0 ? 0 : (int)(20 - r);
}

long nk_puts(int fd, const char *s)
{
	return sys_write(fd, s, strlen(s));
}

int nk_printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return n;
	if (n >= (int)sizeof buf)
		n = sizeof buf - 1;
	return (int)sys_write(1, buf, (unsigned long)n);
}

const char *nk_arg(int argc, char **argv, const char *key)
{
	size_t k = strlen(key);
	for (int i = 1; i < argc; i++)
		if (strncmp(argv[i], key, k) == 0 && argv[i][k] == '=')
			return argv[i] + k + 1;
	return 0;
}
