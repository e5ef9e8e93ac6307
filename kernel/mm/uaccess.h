/*
 * uaccess.h - touching ring-3 memory from a system call.  Every pointer a
 * program passes is checked: inside user space, mapped (or in a region
 * that fills on demand) and writable when written.  A bad one makes the
 * call return -EFAULT; the kernel never faults on it.
 */
#ifndef NICKEL_UACCESS_H
#define NICKEL_UACCESS_H
#include <stdint.h>
#include <stddef.h>

int copy_from_user(void *dst, uint32_t src, size_t n);     /* 0 or -EFAULT */
int copy_to_user(uint32_t dst, const void *src, size_t n);
/* A NUL-terminated string of at most n-1 chars: its length, or -EFAULT,
 * or -ENAMETOOLONG. */
int strncpy_from_user(char *dst, uint32_t src, size_t n);

/*
 * Check once, copy later: a call that must know a buffer is good before it
 * acts (read must not take bytes from a pipe it cannot deliver) makes the
 * range present with user_range_prepare, and copies with the _prepared
 * forms, which check nothing.  The range stays present and writable while
 * the call sleeps: an address space belongs to one task (no CLONE_VM), so
 * nothing else unmaps it or shares it copy-on-write meanwhile.
 */
int user_range_prepare(uint32_t va, size_t n, int write);     /* 0 or -EFAULT */
void copy_to_prepared_user(uint32_t dst, const void *src, size_t n);
void copy_from_prepared_user(void *dst, uint32_t src, size_t n);
#endif
