/*
 * smpboot.c - start the other CPUs ("application processors", APs).
 *
 * CPU n is the firmware table's n-th entry ("row"; row 0 is the boot CPU).
 * Before any AP runs, the boot CPU fills a table in the trampoline's page:
 * each row's APIC id and the top of a fresh 16 KiB kernel stack (aligned,
 * thread_info at the bottom, a guard page below: kstack.c).  Then, with
 * smpboot=parallel (the default; Intel SDM vol. 3, "MP initialization";
 * the MP spec, appendix B.4):
 *   1. one INIT, one wait, two STARTUPs, each sent once to every CPU but
 *      this one (the ICR's "all excluding self" shorthand): three IPIs for
 *      any number of APs (choose_sipi_waits; the ESR after each);
 *   2. the APs run the trampoline side by side: each reads its own APIC id,
 *      finds and claims its row, and enters ap_entry(row) on that row's
 *      stack, where it marks itself arrived and halts until numbered;
 *   3. the boot CPU waits once for all, up to 5 s, then numbers the arrived
 *      rows in table order (CPU n = row n when all answer; after a silent
 *      row the later ones move down one, so cpus[0..ncpus-1] has no holes)
 *      and lets them all go with one IPI, again to all but itself.  Each
 *      AP then sets up its own per-CPU state (GDT, TSS, LAPIC, idle task)
 *      while the others do theirs, and the boot CPU waits until all are
 *      online.  Their ticks start later, all together, just before init
 *      runs (smp.c, smp_start_ap_ticks).
 * A silent AP is named in one line and sent INIT, which parks it.  Its stack
 * is freed unless it claimed the row (then it is somewhere in the
 * trampoline: its stack stays, and ap_entry finds the row dropped and halts).
 * A CPU the table does not list (a core the firmware left out) also wakes
 * from the broadcast: the trampoline writes its APIC id down and halts it
 * before it touches any stack, and the boot CPU names it and sends it INIT,
 * back to waiting for a STARTUP that never comes (blocked there even for an
 * NMI, which in the trampoline, with no IDT, would reset the machine).
 *
 * smpboot=serial does one AP at a time (its IPIs, its wait, its start-up),
 * for a board where many STARTUPs at once are suspect; smpboot=silent1 is
 * parallel with row 1 sent no IPI at all (so every other row gets its own,
 * as on a board whose firmware gives a CPU's row but where the CPU is
 * missing): the test of a silent AP.
 *
 * What is shared while the APs run in parallel: the trampoline's code, GDT
 * and table (read only, except each AP's own `claimed` word, taken with an
 * atomic exchange), the identity page directory below (read only), and
 * after the start signal only the page allocator (pmm_lock) and per-CPU
 * slots indexed by the AP's own number.
 *
 * Identity mapping: kmain's paging_init() removed the boot identity map,
 * but the trampoline turns paging on while running at TRAMPOLINE_PHYS.  The
 * APs therefore start on a copy of the kernel's page directory with the low
 * 4 MiB identity-mapped again; ap_entry moves to the real one at once and
 * the copy is freed when all APs are up (kept when one did not answer: it
 * might still wake up and run through it).
 */
#include "arch/kernel_hooks.h"
#include "arch/smp.h"
#include "arch/lapic.h"
#include "arch/percpu.h"
#include "arch/paging.h"
#include "mm/pmm.h"
#include "mm/kstack.h"
#include "arch/timer.h"
#include "arch/trap.h"
#include "arch/cpu.h"
#include "console/printk.h"
#include "boot/cmdline.h"
#include "lib/string.h"

#define TRAMPOLINE_PHYS 0x8000          /* = boot/trampoline.asm; below 1 MiB,
					   reserved by the page allocator */
/* How long the APs may take to check in.  Real CPUs answer in microseconds;
 * under QEMU TCG on a loaded host a vCPU thread can wait seconds for a host
 * core (1 s lost CPU 3 under host load 16), and only a dead AP pays this. */
#define AP_ANSWER_US    5000000

/* boot/trampoline.asm */
extern const uint8_t trampoline_start[], trampoline_end[], tr_params[];

struct trampoline_params {              /* layout = tr_params in the asm */
	uint32_t cr3;                   /* physical page directory */
	uint32_t entry;                 /* ap_entry */
	uint32_t rows;                  /* rows in use, the boot CPU's included */
	uint32_t apic_id[NR_CPUS_MAX];  /* the firmware table's order */
	uint32_t stack_top[NR_CPUS_MAX];
	uint32_t claimed[NR_CPUS_MAX];  /* set by the AP that takes the row */
	uint32_t strays;                /* CPUs woken with no row to claim ... */
	uint32_t stray_id[NR_CPUS_MAX]; /* ... and the first ones' APIC id + 1
					   (0: not written yet) */
};

#define ROW_DROPPED (-1)
/* Row r's AP reached ap_entry: written by that AP only; and how many did. */
static volatile int arrived[NR_CPUS_MAX];
static volatile int nr_arrived;
/* Row r's CPU number + 1, or ROW_DROPPED; 0 = wait: the boot CPU's. */
static volatile int cpu_of_row[NR_CPUS_MAX];
static int aps_in_x2apic_mode;          /* counted by each AP as it starts */
/* For check=1: the row each CPU was given (the boot CPU's), and the stack
 * each AP found itself on (written by that AP). */
static int row_of_cpu[NR_CPUS_MAX];
static uint32_t stack_seen_by_cpu[NR_CPUS_MAX];

static struct trampoline_params *params(void)
{
	return (struct trampoline_params *)phys_to_virt(TRAMPOLINE_PHYS +
		(uint32_t)(tr_params - trampoline_start));
}

static void __attribute__((noreturn)) park(void)
{
	for (;;) {
		cli();
		hlt();
	}
}

/*
 * The boot CPU waits halted, not spinning: its own tick (1 ms) or an AP's
 * IPI (tell_boot_cpu) wakes it.  Under QEMU TCG a spinning boot
 * CPU would take a host core and, at each PAUSE, QEMU's global lock from
 * the vCPUs it is waiting for.  1 once *count >= want, 0 at TSC time end_us.
 */
static int halt_until(volatile int *count, int want, uint64_t end_us)
{
	unsigned long f = irq_save();
	int ok;

	while (!(ok = *count >= want) && time_us() <= end_us)
		__asm__ volatile("sti; hlt; cli" ::: "memory");
	irq_restore(f);
	return ok;
}

/* An AP's news for the boot CPU (arrived, online): wake it from halt_until. */
static void tell_boot_cpu(void)
{
	lapic_send_ipi((uint32_t)cpus[0].apic_id, T_IPI_RESCHED);
}

/* The AP of a row, now CPU `cpu`: its own GDT, TSS, idle task (its tick
 * starts with the others', smp_start_ap_ticks). */
static void __attribute__((noreturn)) ap_start_cpu(int cpu)
{
	struct cpu *c = &cpus[cpu];

	pgdir_activate(boot_page_dir);            /* leave the identity copy */
	gdt_init_cpu(c);
	double_fault_init_cpu(c);
	c->apic_id = (int)lapic_id();             /* who really answered */
	if (lapic_x2_here())
		__sync_fetch_and_add(&aps_in_x2apic_mode, 1);
	stack_seen_by_cpu[cpu] = (uint32_t)current_thread_info();
	kernel_hooks.cpu_adopt_stack(cpu);
	__sync_synchronize();
	c->online = 1;                            /* the boot CPU prints it */
	smp_ap_tick_if_started();                 /* else at the end of the boot */
	tell_boot_cpu();
	kernel_hooks.cpu_idle();
}

/*
 * The AP's first C code, on its row's stack (see the trampoline), still on
 * the identity copy and the trampoline's GDT.  It halts until the boot CPU
 * gives it a number and an IPI (let_go): a waiting AP must cost nothing,
 * because under QEMU TCG a spinning vCPU takes a host core from the vCPUs
 * still starting, and each PAUSE takes QEMU's global lock (docs/boot.md,
 * "Boot time").  The IPI's handler (smp.c) runs on no task: it counts the
 * IPI for the CPU its thread_info names and returns.
 */
static void __attribute__((noreturn, used)) ap_entry(int row)
{
	int go;

	idt_load();                               /* the kernel's: read only */
	lapic_init_ap();                          /* so an IPI can wake it */
	arrived[row] = 1;
	__sync_fetch_and_add(&nr_arrived, 1);
	tell_boot_cpu();
	while ((go = cpu_of_row[row]) == 0)
		__asm__ volatile("sti; hlt; cli" ::: "memory");
	if (go == ROW_DROPPED)
		park();                           /* too late: the boot CPU went on */
	ap_start_cpu(go - 1);
}

/* A page directory like the kernel's, plus the low 4 MiB at 0. */
static uint32_t identity_page_dir(void)
{
	uint32_t pa = pmm_alloc_for(PMM_PGTABLE, 1, 1);
	uint32_t *pd;

	if (!pa)
		return 0;
	pd = phys_to_virt(pa);
	memcpy(pd, boot_page_dir, PAGE_SIZE);
	pd[0] = PTE_PRESENT | PTE_WRITE | PTE_4M;
	return pa;
}

/* A kernel stack whose thread_info names the CPU (its row, until numbered). */
static uint32_t new_ap_stack(int cpu)
{
	struct thread_info *ti = kstack_alloc();

	if (!ti)
		return 0;
	ti->task = 0;
	ti->cpu = cpu;
	ti->preempt_count = 0;
	return (uint32_t)ti + KSTACK_SIZE;
}

/* Row r gets a stack and may be claimed; 0 if there is no memory. */
static int fill_row(struct trampoline_params *p, int r)
{
	uint32_t stack = new_ap_stack(r);

	arrived[r] = 0;
	cpu_of_row[r] = 0;
	p->stack_top[r] = stack;
	__sync_synchronize();
	p->claimed[r] = stack ? 0 : 1;
	if (!stack)
		printk("nickel: cpu %d: no memory for a stack\n", r);
	return stack != 0;
}

/* row -1: the broadcast */
static void check_esr(int row, const char *step)
{
	uint32_t esr = lapic_read_esr() & 0xEF;   /* bit 4 is reserved */

	if (esr && row < 0)
		printk("nickel: smp: %s to all: APIC error status 0x%x\n", step, esr);
	else if (esr)
		printk("nickel: cpu %d: %s: APIC error status 0x%x\n", row, step, esr);
}

/*
 * The waits of the INIT-STARTUP sequence.  The MP spec's (INIT, 10 ms; each
 * STARTUP, 200 us) are for the external 82489DX APIC and the first
 * integrated ones.  Intel's family 6 (the Pentium Pro to every Core) and
 * AMD's from family 15 (the K8 on) leave INIT at once and take a STARTUP
 * within microseconds: Linux waits 0 and 10 us on those (its smpboot.c,
 * smp_quirk_init_udelay), and so does nickel.  Under QEMU the 10 ms were
 * most of a 64-CPU boot (docs/boot.md, "Boot time").
 */
#define CPUID_VENDOR_INTEL 0x756e6547   /* "Genu" in ebx */
#define CPUID_VENDOR_AMD   0x68747541   /* "Auth" */
static uint32_t init_wait_us = 10000, startup_wait_us = 200;

static void choose_sipi_waits(void)
{
	uint32_t r[4], vendor, family;

	cpuid(0, 0, r);
	vendor = r[1];
	cpuid(1, 0, r);
	family = (r[0] >> 8) & 0xF;
	if (family == 0xF)
		family += (r[0] >> 20) & 0xFF;   /* the extended family */
	if ((vendor == CPUID_VENDOR_INTEL && family == 6) ||
	    (vendor == CPUID_VENDOR_AMD && family >= 0xF)) {
		init_wait_us = 0;
		startup_wait_us = 10;
	}
	printk("nickel: smp: INIT-STARTUP waits %u us and %u us (CPU family %u)\n",
	       init_wait_us, startup_wait_us, family);
}

/* The MP spec's sequence to rows[0..n-1] together: INIT to each, one wait;
 * STARTUP to each, one wait; again.  An AP that is already running ignores
 * the second STARTUP (it only acts in the wait-for-SIPI state). */
static void wake_rows(const int *rows, int n)
{
	struct trampoline_params *p = params();
	int i, round;

	for (i = 0; i < n; i++) {
		lapic_read_esr();
		if (lapic_send_ipi(p->apic_id[rows[i]], ICR_INIT | ICR_ASSERT | ICR_LEVEL) != 0)
			printk("nickel: cpu %d: INIT not delivered\n", rows[i]);
		if (!lapic_x2)          /* de-assert (old APICs; x2APIC has none) */
			lapic_send_ipi(p->apic_id[rows[i]], ICR_INIT | ICR_LEVEL);
		check_esr(rows[i], "INIT");
	}
	udelay(init_wait_us);
	for (round = 0; round < 2; round++) {
		for (i = 0; i < n; i++) {
			lapic_read_esr();
			if (lapic_send_ipi(p->apic_id[rows[i]],
					   ICR_STARTUP | (TRAMPOLINE_PHYS >> 12)) != 0)
				printk("nickel: cpu %d: STARTUP not delivered\n", rows[i]);
			check_esr(rows[i], "STARTUP");
		}
		udelay(startup_wait_us);
	}
}

/* The same sequence to every CPU but this one: three IPIs in all.  Only
 * when every other row is to start (a CPU that is not in the table wakes
 * too: the trampoline halts it, stray_cpus sends it back). */
static void wake_all_but_self(void)
{
	int round;

	lapic_read_esr();
	if (lapic_send_ipi(0, ICR_INIT | ICR_ASSERT | ICR_LEVEL | ICR_ALL_BUT_SELF) != 0)
		printk("nickel: smp: INIT to all not delivered\n");
	if (!lapic_x2)          /* de-assert: the MP spec sends it to all */
		lapic_send_ipi(0, ICR_INIT | ICR_LEVEL | ICR_ALL_INCL_SELF);
	check_esr(-1, "INIT");
	udelay(init_wait_us);
	for (round = 0; round < 2; round++) {
		lapic_read_esr();
		if (lapic_send_ipi(0, ICR_STARTUP | ICR_ALL_BUT_SELF |
				   (TRAMPOLINE_PHYS >> 12)) != 0)
			printk("nickel: smp: STARTUP to all not delivered\n");
		check_esr(-1, "STARTUP");
		udelay(startup_wait_us);
	}
}

/* Row r arrived: it becomes CPU `cpu` (its thread_info and apic id first);
 * it leaves its hlt at the next IPI (let_go's, or start_in_parallel's). */
static void number_row(int r, int cpu)
{
	struct trampoline_params *p = params();
	struct thread_info *ti = (struct thread_info *)(p->stack_top[r] - KSTACK_SIZE);

	ti->cpu = cpu;
	row_of_cpu[cpu] = r;
	cpus[cpu].apic_id = (int)p->apic_id[r];
	__sync_synchronize();
	cpu_of_row[r] = cpu + 1;
}

static void let_go(int r, int cpu)
{
	number_row(r, cpu);
	lapic_send_ipi(params()->apic_id[r], T_IPI_RESCHED);   /* out of its hlt */
}

/* CPUs that answered the broadcast with no row to claim (not in the
 * table): name each and send it INIT (it halted in the trampoline, on no
 * stack).  Never this CPU's own id: that INIT would reset the boot CPU. */
static void stray_cpus(void)
{
	struct trampoline_params *p = params();
	uint32_t i, id, n = p->strays;

	for (i = 0; i < n && i < NR_CPUS_MAX; i++) {
		if (!p->stray_id[i] || (id = p->stray_id[i] - 1) == (uint32_t)cpus[0].apic_id)
			continue;
		printk("nickel: smp: apic id %u answered with no row of the table: "
		       "sent INIT, not used\n", id);
		lapic_send_ipi(id, ICR_INIT | ICR_ASSERT | ICR_LEVEL);
	}
	if (n > NR_CPUS_MAX)
		printk("nickel: smp: %u more CPUs not in the table left halted\n",
		       n - NR_CPUS_MAX);
}

/* Row r did not arrive: drop it, park its CPU, free the stack if unused. */
static void give_up(int r, int cpu)
{
	struct trampoline_params *p = params();

	cpu_of_row[r] = ROW_DROPPED;          /* a late ap_entry halts */
	if (!p->stack_top[r])
		return;                           /* never started: no memory */
	if (__sync_lock_test_and_set(&p->claimed[r], 1) == 0)
		kstack_free((struct thread_info *)(p->stack_top[r] - KSTACK_SIZE));
	lapic_send_ipi(p->apic_id[r], ICR_INIT | ICR_ASSERT | ICR_LEVEL);
	printk("nickel: cpu %d did not answer (apic id %u)\n", cpu, p->apic_id[r]);
}

/*
 * A released AP runs kernel code: it will come online; say so if it is
 * slow.  The boot CPU prints each AP's line, in CPU order: 63 APs printing
 * at once would queue on the console lock, and under QEMU TCG each waiter's
 * PAUSE and each port write want QEMU's global lock (docs/boot.md, "Boot
 * time").
 */
static void wait_online(int cpu)
{
	uint64_t end = time_us() + AP_ANSWER_US;
	int said = 0;

	while (!halt_until(&cpus[cpu].online, 1, said ? ~0ull : end)) {
		printk("nickel: smp: cpu %d arrived but is not online after %u ms\n",
		       cpu, AP_ANSWER_US / 1000);
		said = 1;
	}
	printk("nickel: cpu %d online (apic id %d)\n", cpu, cpus[cpu].apic_id);
}

/* smpboot=serial: each AP's IPIs, wait and start-up before the next one's. */
static int start_serially(int wanted)
{
	int r, online = 1;

	printk("nickel: smp: starting the APs one at a time (smpboot=serial)\n");
	for (r = 1; r < wanted; r++) {
		if (!fill_row(params(), r))
			continue;
		wake_rows(&r, 1);
		if (halt_until(&arrived[r], 1, time_us() + AP_ANSWER_US)) {
			let_go(r, online);
			wait_online(online++);
		} else {
			give_up(r, online);
		}
	}
	return online;
}

/* smpboot=parallel (and silent1): the IPIs to all (silent1, or a row
 * without a stack: to each AP of a row), one wait for all to arrive, all
 * numbered and let go by one IPI, one wait for all to be online. */
static int start_in_parallel(int wanted, int silent_row)
{
	int r, filled = 0, n = 0, online = 1, rows[NR_CPUS_MAX];

	for (r = 1; r < wanted; r++) {
		if (!fill_row(params(), r))
			continue;
		filled++;
		if (r != silent_row)
			rows[n++] = r;
	}
	if (n == wanted - 1) {
		wake_all_but_self();
		printk("nickel: smp: INIT-STARTUP broadcast to all; one wait for the "
		       "table's APs: %d\n", n);
	} else {
		wake_rows(rows, n);
		printk("nickel: smp: INIT-STARTUP sent to %d APs together; one wait "
		       "for all\n", n);
	}
	halt_until(&nr_arrived, filled, time_us() + AP_ANSWER_US);
	for (r = 1; r < wanted; r++)
		if (arrived[r])
			number_row(r, online++);
		else
			give_up(r, online);
	if (online > 1)                   /* every numbered AP out of its hlt */
		lapic_send_ipi(0, T_IPI_RESCHED | ICR_ALL_BUT_SELF);
	for (r = 1; r < online; r++)
		wait_online(r);
	stray_cpus();
	return online;
}

/* One check=1 line per difference: CPU n must be the n-th answering row
 * (rows ascending), run on that row's stack, and read that row's APIC id
 * from its own APIC. */
static int check_cpu(int cpu)
{
	struct trampoline_params *p = params();
	int r = row_of_cpu[cpu], bad = 0;
	uint32_t stack = p->stack_top[r] - KSTACK_SIZE;

	if (cpu > 1 && r <= row_of_cpu[cpu - 1]) {
		printk("nickel: smp: check: cpu %d: row %d, after cpu %d's row %d\n",
		       cpu, r, cpu - 1, row_of_cpu[cpu - 1]);
		bad++;
	}
	if ((uint32_t)cpus[cpu].apic_id != p->apic_id[r]) {
		printk("nickel: smp: check: cpu %d: APIC id %d, table row %d has %u\n",
		       cpu, cpus[cpu].apic_id, r, p->apic_id[r]);
		bad++;
	}
	if (stack_seen_by_cpu[cpu] != stack) {
		printk("nickel: smp: check: cpu %d: runs on the stack at 0x%x, "
		       "row %d's is at 0x%x\n", cpu, stack_seen_by_cpu[cpu], r, stack);
		bad++;
	} else if (((struct thread_info *)stack)->cpu != cpu) {
		printk("nickel: smp: check: cpu %d: its thread_info says cpu %d\n",
		       cpu, ((struct thread_info *)stack)->cpu);
		bad++;
	}
	return bad;
}

static void check_numbering(int online)
{
	int cpu, bad = 0;

	for (cpu = 1; cpu < online; cpu++)
		bad += check_cpu(cpu);
	if (!bad)
		printk("nickel: smp: check: cpus 1..%d in table order, each on its own "
		       "stack with its own APIC id\n", online - 1);
}

/* The trampoline in its page, its table's fixed part; 0 if it cannot be. */
static int trampoline_ready(int wanted)
{
	struct trampoline_params *p = params();
	uint32_t size = (uint32_t)(trampoline_end - trampoline_start);
	uint32_t cr3;
	int r;

	if (size > PAGE_SIZE ||
	    (uint32_t)(trampoline_end - tr_params) != sizeof(struct trampoline_params) ||
	    !(cr3 = identity_page_dir()))
		return 0;
	memcpy(phys_to_virt(TRAMPOLINE_PHYS), trampoline_start, size);
	p->cr3 = cr3;
	p->entry = (uint32_t)ap_entry;
	p->rows = (uint32_t)wanted;
	for (r = 0; r < wanted; r++) {
		p->apic_id[r] = r ? (uint32_t)smp_table_apic_id(r) : (uint32_t)cpus[0].apic_id;
		p->claimed[r] = 1;             /* until fill_row opens it */
	}
	p->strays = 0;
	return 1;
}

void smp_boot_aps(void)
{
	int online, wanted = ncpus;
	uint64_t t_start;

	smp_ap_vectors_ready();
	if (!smp_lapic_ticks())
		return;
	smp_start_tick();                     /* the boot CPU's own tick */
	if (!pit_ticks_within_ms(50)) {
		jiffies_from_lapic = 1;           /* smp.c's timer_irq on CPU 0 */
		printk("nickel: timer: IRQ 0 did not tick in 50 ms (no PIT?); jiffies "
		       "come from CPU 0's local APIC timer\n");
	}
	if (ncpus < 2)
		return;
	t_start = rdtsc();
	if (!trampoline_ready(wanted)) {
		printk("nickel: smp: cannot set up the trampoline; running on 1 CPU\n");
		ncpus = 1;
		return;
	}
	choose_sipi_waits();
	if (!strcmp(boot_args.smpboot, "serial"))
		online = start_serially(wanted);
	else
		online = start_in_parallel(wanted,
					   !strcmp(boot_args.smpboot, "silent1") ? 1 : 0);
	if (online == wanted)
		pmm_free(params()->cr3);          /* else a late AP may still use it */
	boot_ap_cycles = rdtsc() - t_start;
	if (boot_args.check)
		check_numbering(online);
	if (lapic_x2)
		printk("nickel: smp: %d of %d CPUs in x2APIC mode\n",
		       aps_in_x2apic_mode + lapic_x2_here(), online);
	if (online < wanted) {
		printk("nickel: smp: %d of %d CPUs online\n", online, wanted);
		/* The scheduler was set up for `wanted`; the missing CPUs have
		 * no idle task, so nothing may ever be placed there. */
		ncpus = online;
	}
}
