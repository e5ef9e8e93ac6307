/*
 * sysentry - the two ways into the kernel give the same answers.
 *
 * Every call is made twice, through int $0x80 and through the entry the
 * kernel named as AT_SYSINFO (nickel: SYSENTER, arch/i386/sysenter_entry.asm;
 * Linux: the vDSO's __kernel_vsyscall), and the results compared: good
 * calls, bad arguments (-errno), an unknown number.  Then what could break
 * the kernel on the fast path, each in a child whose end the parent checks
 * (same wait status through both entries): exit, a signal to itself, a
 * SYSENTER with a bad stack, a call with TF set (single-step), null data
 * segments, fork.  Registers other than eax come back unchanged.
 *
 * Output: "PASS sysentry:NAME" or "FAIL sysentry:NAME: expected ... got
 * ...", then "sysentry: N passed, M failed" (and "sysentry: fast entry
 * at 0x..." or "sysentry: no AT_SYSINFO"); exit status 0 iff all passed.
 * Runs unchanged on Linux (qemu-i386).
 */
#include <stdint.h>
#include <stdio.h>
#include <sys/wait.h>
#include "nickel.h"

static int npass, nfail;
static long (*fast)(void);               /* AT_SYSINFO's entry */

static void check(const char *name, long expected, long got)
{
	if (expected == got) {
		npass++;
		nk_printf("PASS sysentry:%s\n", name);
	} else {
		nfail++;
		nk_printf("FAIL sysentry:%s: expected %ld got %ld\n", name, expected, got);
	}
}

/* int $0x80, whatever __nk_sysinfo says. */
static long trap3(long n, long a, long b, long c)
{
	long r;
	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n), "b"(a), "c"(b), "d"(c)
			 : "memory", "cc");
	return r;
}

/* The AT_SYSINFO entry, called as a program would. */
static long fast3(long n, long a, long b, long c)
{
	long r;
	__asm__ volatile("call *%[f]" : "=a"(r)
			 : "a"(n), "b"(a), "c"(b), "d"(c), [f] "m"(fast) : "memory", "cc");
	return r;
}

/* One call both ways: the same result, and that result as expected. */
static void both(const char *name, long expected, long n, long a, long b, long c)
{
	long t = trap3(n, a, b, c), f = fast3(n, a, b, c);

	if (t != f) {
		nfail++;
		nk_printf("FAIL sysentry:%s: int 0x80 gave %ld, the fast entry %ld\n", name, t, f);
		return;
	}
	check(name, expected, f);
}

static void same_results(void)
{
	long pid = trap3(LNX_SYS_getpid, 0, 0, 0);
	static char buf[4];

	both("getpid", pid, LNX_SYS_getpid, 0, 0, 0);
	both("getppid", trap3(LNX_SYS_getppid, 0, 0, 0), LNX_SYS_getppid, 0, 0, 0);
	both("sched_yield", 0, LNX_SYS_sched_yield, 0, 0, 0);
	both("write-0-bytes", 0, LNX_SYS_write, 1, (long)buf, 0);
	both("write-bad-fd-ebadf", -LNX_EBADF, LNX_SYS_write, 99, (long)buf, 1);
	both("write-bad-pointer-efault", -LNX_EFAULT, LNX_SYS_write, 1, 16, 1);
	both("read-into-kernel-efault", -LNX_EFAULT, LNX_SYS_read, 0, (long)0xC0000000u, 1);
	both("open-missing-enoent", -LNX_ENOENT, LNX_SYS_open, (long)"/no/such/file", 0, 0);
	both("kill-no-such-pid-esrch", -LNX_ESRCH, LNX_SYS_kill, 999999, 0, 0);
	both("unknown-number-enosys", -LNX_ENOSYS, 999, 0, 0, 0);
}

/* Through the fast entry every register but eax comes back as it went in. */
static void registers_kept(void)
{
	static const char *const names[6] = { "ebx", "ecx", "edx", "esi", "edi", "ebp" };
	struct { uint32_t in[6], out[6]; } regs = {
		{ 0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555, 0x66666666 },
		{ 0 } }, *p = &regs;
	char name[40];
	long r;
	int i;

	__asm__ volatile(
		"push %%ebp\n\t"
		"push %%ecx\n\t"               /* &regs */
		"mov 0(%%ecx), %%ebx\n\t"
		"mov 8(%%ecx), %%edx\n\t"
		"mov 12(%%ecx), %%esi\n\t"
		"mov 16(%%ecx), %%edi\n\t"
		"mov 20(%%ecx), %%ebp\n\t"
		"mov 4(%%ecx), %%ecx\n\t"
		"call *%[f]\n\t"
		"xchg %%ecx, (%%esp)\n\t"      /* ecx = &regs; the returned ecx on the stack */
		"mov %%ebx, 24(%%ecx)\n\t"
		"pop %%ebx\n\t"
		"mov %%ebx, 28(%%ecx)\n\t"
		"mov %%edx, 32(%%ecx)\n\t"
		"mov %%esi, 36(%%ecx)\n\t"
		"mov %%edi, 40(%%ecx)\n\t"
		"mov %%ebp, 44(%%ecx)\n\t"
		"pop %%ebp\n\t"
		: "=a"(r), "+c"(p)
		: "a"(LNX_SYS_getpid), [f] "m"(fast)
		: "ebx", "edx", "esi", "edi", "memory", "cc");
	for (i = 0; i < 6; i++) {
		snprintf(name, sizeof name, "fast-entry-keeps-%s", names[i]);
		check(name, (long)regs.in[i], (long)regs.out[i]);
	}
	check("fast-entry-getpid", trap3(LNX_SYS_getpid, 0, 0, 0), r);
}

/* What a child does before it ends; `via_fast` picks the entry. */
enum child_act { EXIT_7, KILL_SELF, BAD_STACK, SINGLE_STEP, NULL_SEGMENTS, FORK_CHILD };

static long call3(int via_fast, long n, long a, long b, long c)
{
	return via_fast ? fast3(n, a, b, c) : trap3(n, a, b, c);
}

static void child(enum child_act act, int via_fast)
{
	long pid = trap3(LNX_SYS_getpid, 0, 0, 0), r;

	switch (act) {
	case EXIT_7:
		call3(via_fast, LNX_SYS_exit, 7, 0, 0);
		break;
	case KILL_SELF:
		call3(via_fast, LNX_SYS_kill, pid, LNX_SIGKILL, 0);
		break;
	case BAD_STACK:                      /* SYSENTER with esp (ebp) pointing nowhere */
		if (via_fast)
			__asm__ volatile("mov $16, %%ebp\n\tsysenter" : : "a"(LNX_SYS_getpid) : "memory");
		else
			__asm__ volatile("mov $16, %%esp\n\tint $0x80\n\tpush %%eax" : : "a"(LNX_SYS_getpid) : "memory");
		break;
	case SINGLE_STEP:
		/* TF set by popf traps after the next instruction: the entry
		 * itself, so the single-step trap comes in the kernel (SYSENTER
		 * keeps TF), and again in ring 3 after the return. */
		if (via_fast)
			__asm__ volatile("push %%ecx\n\tpush %%edx\n\tpush %%ebp\n\t"
					 "mov %%esp, %%ebp\n\t"
					 "pushf\n\torl $0x100, (%%esp)\n\tpopf\n\t"
					 "sysenter" : : "a"(LNX_SYS_getpid) : "memory", "cc");
		else
			__asm__ volatile("pushf\n\torl $0x100, (%%esp)\n\tpopf\n\t"
					 "int $0x80" : : "a"(LNX_SYS_getpid) : "memory", "cc");
		break;
	case NULL_SEGMENTS:                  /* the kernel must not use ring 3's ds/es */
		__asm__ volatile("push %%ds\n\tpush %%es\n\t"
				 "xor %%ecx, %%ecx\n\tmov %%ecx, %%es\n\t"
				 "call *%[f]\n\t"
				 "mov %%es, %%ecx\n\t"   /* null again after the call? */
				 "pop %%es\n\tpop %%ds\n\t"
				 : "=a"(r) : "a"(LNX_SYS_getpid), [f] "m"(fast)
				 : "ecx", "memory", "cc");
		call3(via_fast, LNX_SYS_exit, r == pid ? 11 : 12, 0, 0);
		break;
	case FORK_CHILD:                     /* the grandchild returns through the fast path */
		r = call3(via_fast, LNX_SYS_fork, 0, 0, 0);
		if (r == 0)
			call3(via_fast, LNX_SYS_exit, 13, 0, 0);
		if (r > 0) {
			int st = 0;
			trap3(LNX_SYS_waitpid, r, (long)&st, 0);
			call3(via_fast, LNX_SYS_exit, WIFEXITED(st) ? WEXITSTATUS(st) : 99, 0, 0);
		}
		break;
	}
	trap3(LNX_SYS_exit, 100, 0, 0);      /* not reached when the act ends it */
}

static int child_status(enum child_act act, int via_fast)
{
	long pid = trap3(LNX_SYS_fork, 0, 0, 0);
	int st = -1;

	if (pid == 0)
		child(act, via_fast);
	if (pid < 0)
		return -1000;
	trap3(LNX_SYS_waitpid, pid, (long)&st, 0);
	return st;
}

/* The child ends the same way through both entries, and as expected. */
static void ends_alike(const char *name, enum child_act act, int expected_status)
{
	int t = child_status(act, 0), f = child_status(act, 1);

	if (t != f) {
		nfail++;
		nk_printf("FAIL sysentry:%s: wait status 0x%x through int 0x80, 0x%x through "
			  "the fast entry\n", name, t, f);
		return;
	}
	if (expected_status >= 0)
		check(name, expected_status, f);
	else
		check(name, 1, WIFSIGNALED(f));       /* killed, by whatever signal */
}

int main(void)
{
	if (__nk_sysinfo == __nk_int80) {
		nk_printf("sysentry: no AT_SYSINFO (int 0x80 only): nothing to compare\n");
		return 0;
	}
	fast = __nk_sysinfo;
	nk_printf("sysentry: fast entry at %p\n", (void *)fast);
	same_results();
	registers_kept();
	ends_alike("exit-status", EXIT_7, 7 << 8);
	ends_alike("kill-self-killed", KILL_SELF, -1);
	ends_alike("bad-user-stack-killed", BAD_STACK, -1);
	ends_alike("single-step-across-call-killed", SINGLE_STEP, -1);
	ends_alike("null-es-fine", NULL_SEGMENTS, 11 << 8);
	ends_alike("fork-child-returns", FORK_CHILD, 13 << 8);
	both("getpid-after-all", trap3(LNX_SYS_getpid, 0, 0, 0), LNX_SYS_getpid, 0, 0, 0);
	nk_printf("sysentry: %d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
