/* string.c - memory and string helpers for the freestanding kernel. */
#include "lib/string.h"
#include <stdint.h>

/*
 * memset and memcpy move four bytes a step: a page copied for fork or
 * cleared for a new page is 1024 steps instead of 4096.  On i386 they are
 * `rep stosl` / `rep movsl` and the 0-3 bytes left with the byte form (the
 * kernel runs with the direction flag clear: the trap entries do `cld`);
 * elsewhere (a host build) the same in C.
 */
#if defined(__i386__)
void *memset(void *d, int c, size_t n)
{
	uint32_t word = (unsigned char)c * 0x01010101u;
	void *p = d;
	size_t words = n / 4, bytes = n % 4;

	__asm__ volatile("rep stosl\n\t"
			 "mov %[bytes], %%ecx\n\t"
			 "rep stosb"
			 : "+D"(p), "+c"(words)
			 : "a"(word), [bytes] "r"(bytes)
			 : "memory");
	return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
	void *to = d;
	size_t words = n / 4, bytes = n % 4;

	__asm__ volatile("rep movsl\n\t"
			 "mov %[bytes], %%ecx\n\t"
			 "rep movsb"
			 : "+D"(to), "+S"(s), "+c"(words)
			 : [bytes] "r"(bytes)
			 : "memory");
	return d;
}
#else
/* A word at any alignment (and allowed to alias any other type). */
typedef uint32_t __attribute__((may_alias, aligned(1))) any_word;

void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;
	uint32_t word = (unsigned char)c * 0x01010101u;

	for (; n >= 4; n -= 4, p += 4)
		*(any_word *)p = word;
	while (n--)
		*p++ = (unsigned char)c;
	return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *a = d;
	const unsigned char *b = s;

	for (; n >= 4; n -= 4, a += 4, b += 4)
		*(any_word *)a = *(const any_word *)b;
	while (n--)
		*a++ = *b++;
	return d;
}
#endif

void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *a = d;
	const unsigned char *b = s;

	if (a < b || a >= b + n)
		return memcpy(d, s, n);
	while (n--)
		a[n] = b[n];
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			return 0;
	}
	return 0;
}

char *strncpy(char *d, const char *s, size_t n)
{
	size_t i = 0;
	for (; i < n && s[i]; i++)
		d[i] = s[i];
	for (; i < n; i++)
		d[i] = 0;
	return d;
}

char *strchr(const char *s, int c)
{
	for (; *s; s++)
		if (*s == (char)c)
			return (char *)s;
	return c ? 0 : (char *)s;
}
