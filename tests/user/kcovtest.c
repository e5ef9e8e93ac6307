/*
 * kcovtest - kernel coverage (kernel/kcov) seen from ring 3: the calls
 * answer as documented, and the PCs read back after one call are that
 * call's (tests/scenarios/kcov.py maps them to functions with the coverage
 * kernel's symbols).  Needs build/nickel-kcov.elf.
 *
 * Output: "PASS kcovtest:NAME" or "FAIL kcovtest:NAME: expected E got G",
 * then per traced call one line "kcov-pcs: CALL PC PC ..." (distinct PCs,
 * hex), then "kcovtest: N passed, M failed"; exit status 0 iff all passed.
 */
#include <stdint.h>
#include "nickel.h"

#define NR_kcov_enable  1100
#define NR_kcov_disable 1101
#define NR_kcov_reset   1102
#define NR_kcov_read    1103
#define MAXPCS 4096

static int npass, nfail;
static uint32_t pcs[MAXPCS];

static void check(const char *name, long expected, long got)
{
	if (expected == got) {
		npass++;
		nk_printf("PASS kcovtest:%s\n", name);
	} else {
		nfail++;
		nk_printf("FAIL kcovtest:%s: expected %ld got %ld\n", name, expected, got);
	}
}

/* Trace one call made by `call`; print its distinct PCs; return how many
 * PCs were recorded (with repeats). */
static long trace(const char *name, long (*call)(void))
{
	long n, i, j;

	syscall0(NR_kcov_reset);
	call();
	n = syscall2(NR_kcov_read, (long)pcs, MAXPCS);
	nk_printf("kcov-pcs: %s", name);
	for (i = 0; i < n; i++) {
		for (j = 0; j < i && pcs[j] != pcs[i]; j++)
			;
		if (j == i)
			nk_printf(" %x", pcs[i]);
	}
	nk_printf("\n");
	return n;
}

static long do_getpid(void) { return syscall0(LNX_SYS_getpid); }
static long do_getppid(void) { return syscall0(LNX_SYS_getppid); }

int main(void)
{
	long n;

	check("read-before-enable-einval", -22, syscall2(NR_kcov_read, (long)pcs, MAXPCS));
	check("enable-zero-einval", -22, syscall1(NR_kcov_enable, 0));
	check("enable-too-many-einval", -22, syscall1(NR_kcov_enable, 1 << 20));
	check("enable", 0, syscall1(NR_kcov_enable, MAXPCS));
	check("enable-twice-ebusy", -16, syscall1(NR_kcov_enable, MAXPCS));
	check("read-bad-pointer-efault", -14, syscall2(NR_kcov_read, 0xC0000000, MAXPCS));
	n = trace("getpid", do_getpid);
	check("getpid-recorded-some", 1, n > 0 && n < MAXPCS);
	n = trace("getppid", do_getppid);
	check("getppid-recorded-some", 1, n > 0 && n < MAXPCS);
	syscall0(NR_kcov_reset);
	check("read-after-reset-few", 1, syscall2(NR_kcov_read, (long)pcs, MAXPCS) < 64);
	check("disable", 0, syscall0(NR_kcov_disable));
	check("read-after-disable-einval", -22, syscall2(NR_kcov_read, (long)pcs, MAXPCS));
	nk_printf("kcovtest: %d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
