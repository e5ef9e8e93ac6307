/*
 * vsnprintf.c - formatted output for printk and the stat dump.
 * Supports %d %i %u %x %X %p %s %c %% with the l, ll and z length
 * modifiers, a field width, '0' padding and '-' left alignment.
 */
#include "lib/string.h"
#include <stdint.h>

struct out {
	char *buf;
	size_t size, len;          /* len counts what would have been written */
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_padded(struct out *o, const char *s, size_t n,
		       int width, int left, char pad)
{
	int fill = width > (int)n ? width - (int)n : 0;

	if (!left && pad == '0' && n && (*s == '-')) {   /* "-0042" not "00-42" */
		put(o, *s++);
		n--;
	}
	if (!left)
		while (fill--)
			put(o, pad);
	while (n--)
		put(o, *s++);
	if (left)
		while (fill-- > 0)
			put(o, ' ');
}

static size_t format_number(char *tmp, unsigned long long v, int base,
			    int upper, int negative)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char rev[24];
	size_t n = 0, i = 0;

	do {
		rev[n++] = digits[v % base];
		v /= base;
	} while (v);
	if (negative)
		tmp[i++] = '-';
	while (n)
		tmp[i++] = rev[--n];
	return i;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };
	char tmp[32];

	for (; *fmt; fmt++) {
		int width = 0, left = 0, lng = 0;
		char pad = ' ';
		unsigned long long u;
		long long s;
		const char *str;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		fmt++;
		for (; *fmt == '-' || *fmt == '0'; fmt++)
			*fmt == '-' ? (left = 1) : (pad = '0');
		for (; *fmt >= '0' && *fmt <= '9'; fmt++)
			width = width * 10 + (*fmt - '0');
		for (; *fmt == 'l' || *fmt == 'z'; fmt++)
			lng++;          /* z and l are both 32 bits here */
		switch (*fmt) {
		case 'd': case 'i':
			s = lng >= 2 ? va_arg(ap, long long)
			  : lng ? va_arg(ap, long) : va_arg(ap, int);
			u = s < 0 ? (unsigned long long)-s : (unsigned long long)s;
			put_padded(&o, tmp, format_number(tmp, u, 10, 0, s < 0),
				   width, left, pad);
			break;
		case 'u': case 'x': case 'X':
			u = lng >= 2 ? va_arg(ap, unsigned long long)
			  : lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
			put_padded(&o, tmp, format_number(tmp, u, *fmt == 'u' ? 10 : 16,
				   *fmt == 'X', 0), width, left, pad);
			break;
		case 'p':
			u = (uintptr_t)va_arg(ap, void *);
			put(&o, '0'); put(&o, 'x');
			put_padded(&o, tmp, format_number(tmp, u, 16, 0, 0), 8, 0, '0');
			break;
		case 's':
			str = va_arg(ap, const char *);
			if (!str)
				str = "(null)";
			put_padded(&o, str, strlen(str), width, left, ' ');
			break;
		case 'c':
			tmp[0] = (char)va_arg(ap, int);
			put_padded(&o, tmp, 1, width, left, ' ');
			break;
		case '%':
			put(&o, '%');
			break;
		default:                       /* unknown: print it as it is */
			put(&o, '%');
			if (*fmt)
				put(&o, *fmt);
			else
				fmt--;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = 0;
	return (int)o.len;
}

int snprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}
