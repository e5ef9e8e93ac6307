/* string.h - the few C library string functions the kernel has. */
#ifndef NICKEL_STRING_H
#define NICKEL_STRING_H
#include <stddef.h>
#include <stdarg.h>

void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strncpy(char *d, const char *s, size_t n);
char *strchr(const char *s, int c);
int snprintf(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t n, const char *fmt, va_list ap);
#endif
