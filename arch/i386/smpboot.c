/*
 * smpboot.c - start the other CPUs ("application processors", APs).
 *
 * For each AP the table listed, one at a time (Intel MP spec, appendix B.4;
 * SDM vol. 3, "MP initialization"):
 *   1. give it a 16 KiB kernel stack (aligned, thread_info at the bottom,
 *      a guard page below: kstack.c,
 *      so this_cpu_id() works from its first C instruction), and fill in
 *      the trampoline's parameter block;
 *   2. INIT IPI, wait 10 ms; STARTUP IPI, wait 200 us; a second STARTUP,
 *      200 us (0 ms and 10 us on CPUs that need no more: choose_sipi_waits);
 *      after each, the ESR tells whether the LAPIC accepted it;
 *   3. wait up to 5 s for it to check in (ap_entry sets ap_ready),
 *      else report it and go on without it; it is sent INIT again so it
 *      stays parked.
 * CPU numbers are handed out in the order CPUs answer, so cpus[0..ncpus-1]
 * has no holes even when one stays silent.
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
#include "lib/string.h"

#define TRAMPOLINE_PHYS 0x8000          /* = boot/trampoline.asm; below 1 MiB,
					   reserved by the page allocator */
/* How long an AP may take to check in.  Real CPUs answer in microseconds;
 * under QEMU TCG on a loaded host a vCPU thread can wait seconds for a host
 * core (1 s lost CPU 3 under host load 16), and only a dead AP pays this. */
#define AP_ANSWER_US    5000000

/* boot/trampoline.asm */
extern const uint8_t trampoline_start[], trampoline_end[], tr_params[];

struct trampoline_params {              /* layout = tr_params in the asm */
	uint32_t cr3;                   /* physical page directory */
	uint32_t stack_top;
	uint32_t entry;                 /* ap_entry */
	uint32_t cpu;
	uint32_t claimed;               /* set by the AP that takes them */
};

static volatile int ap_ready;           /* set by the AP, cleared by the boot CPU */
static int aps_in_x2apic_mode;          /* counted by each AP as it starts */

static struct trampoline_params *params(void)
{
	return (struct trampoline_params *)phys_to_virt(TRAMPOLINE_PHYS +
		(uint32_t)(tr_params - trampoline_start));
}

/* The AP's first C code, on its own stack (see the trampoline). */
static void __attribute__((noreturn, used)) ap_entry(int cpu)
{
	struct cpu *c = &cpus[cpu];

	pgdir_activate(boot_page_dir);            /* leave the identity copy */
	gdt_init_cpu(c);
	double_fault_init_cpu(c);
	idt_load();
	lapic_init_ap();
	c->apic_id = (int)lapic_id();             /* who really answered */
	if (lapic_x2_here())
		__sync_fetch_and_add(&aps_in_x2apic_mode, 1);
	kernel_hooks.cpu_adopt_stack(cpu);
	smp_start_tick();
	c->online = 1;
	__sync_synchronize();
	ap_ready = 1;
	/* After ap_ready: the boot CPU starts the next AP meanwhile.  Under
	 * QEMU with 64 vCPUs this line's port writes waited ~4 ms each for
	 * QEMU's I/O lock, most of the APs' start-up when they came first. */
	printk("nickel: cpu %d online (apic id %d)\n", cpu, c->apic_id);
	kernel_hooks.cpu_idle();
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

/* A kernel stack whose thread_info already names the CPU. */
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

static void check_esr(int cpu, const char *step)
{
	uint32_t esr = lapic_read_esr() & 0xEF;   /* bit 4 is reserved */

	if (esr)
		printk("nickel: cpu %d: %s: APIC error status 0x%x\n", cpu, step, esr);
}

static int wait_for_ap(void)
{
	uint64_t end = time_us() + AP_ANSWER_US;

	while (!ap_ready)
		if (time_us() > end)
			return -1;
		else
			cpu_relax();
	return 0;
}

/*
 * The waits of the INIT-STARTUP sequence.  The MP spec's (INIT, 10 ms; each
 * STARTUP, 200 us) are for the external 82489DX APIC and the first
 * integrated ones.  Intel's family 6 (the Pentium Pro to every Core) and
 * AMD's from family 15 (the K8 on) leave INIT at once and take a STARTUP
 * within microseconds: Linux waits 0 and 10 us on those (its smpboot.c,
 * smp_quirk_init_udelay), and so does nickel.  Under QEMU the 10 ms were
 * most of a 64-CPU boot (docs/smp.md, "Boot time").
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

/* INIT, a wait, STARTUP x2 with a wait each (the MP spec's sequence). */
static void send_init_sipi(int cpu, uint32_t apic_id)
{
	int i;

	lapic_read_esr();
	if (lapic_send_ipi(apic_id, ICR_INIT | ICR_ASSERT | ICR_LEVEL) != 0)
		printk("nickel: cpu %d: INIT not delivered\n", cpu);
	if (!lapic_x2)                  /* de-assert (old APICs; x2APIC has none) */
		lapic_send_ipi(apic_id, ICR_INIT | ICR_LEVEL);
	check_esr(cpu, "INIT");
	udelay(init_wait_us);
	for (i = 0; i < 2; i++) {
		lapic_read_esr();
		if (lapic_send_ipi(apic_id, ICR_STARTUP | (TRAMPOLINE_PHYS >> 12)) != 0)
			printk("nickel: cpu %d: STARTUP not delivered\n", cpu);
		udelay(startup_wait_us);
		check_esr(cpu, "STARTUP");
	}
}

/* Start the AP with table APIC id `apic_id` as CPU `cpu`; 0 if it answered. */
static int start_ap(int cpu, uint32_t apic_id, uint32_t cr3)
{
	struct trampoline_params *p = params();
	uint32_t stack = new_ap_stack(cpu);

	if (!stack) {
		printk("nickel: cpu %d: no memory for a stack\n", cpu);
		return -1;
	}
	p->cr3 = cr3;
	p->stack_top = stack;
	p->entry = (uint32_t)ap_entry;
	p->cpu = (uint32_t)cpu;
	p->claimed = 0;
	ap_ready = 0;
	__sync_synchronize();
	send_init_sipi(cpu, apic_id);
	if (wait_for_ap() == 0)
		return 0;
	if (!p->claimed) {                    /* nobody took the stack: reuse it */
		p->claimed = 1;                   /* a late AP now parks */
		kstack_free((struct thread_info *)(stack - KSTACK_SIZE));
	}
	lapic_send_ipi(apic_id, ICR_INIT | ICR_ASSERT | ICR_LEVEL);
	printk("nickel: cpu %d did not answer (apic id %u)\n", cpu, apic_id);
	return -1;
}

void smp_boot_aps(void)
{
	int n, online = 1, wanted = ncpus;
	uint64_t t_start;
	uint32_t cr3;

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
	if ((uint32_t)(trampoline_end - trampoline_start) > PAGE_SIZE ||
	    !(cr3 = identity_page_dir())) {
		printk("nickel: smp: cannot set up the trampoline; running on 1 CPU\n");
		ncpus = 1;
		return;
	}
	memcpy(phys_to_virt(TRAMPOLINE_PHYS), trampoline_start,
	       (uint32_t)(trampoline_end - trampoline_start));
	choose_sipi_waits();
	for (n = 1; n < wanted; n++)
		if (start_ap(online, (uint32_t)smp_table_apic_id(n), cr3) == 0)
			online++;
	if (online == wanted)
		pmm_free(cr3);                /* else a late AP may still use it */
	boot_ap_cycles = rdtsc() - t_start;
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
