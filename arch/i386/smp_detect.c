/*
 * smp_detect.c - how many CPUs there are and where their interrupt
 * controllers live.  Sources, best first: the ACPI MADT (acpi.c), the MP
 * table (mptable.c), else the boot CPU alone with the 8259 PIC.  Each
 * failure is one console line naming the next source; nothing here waits.
 * The local APIC's interface (xAPIC or x2APIC, lapic.c) is chosen here too:
 * in xAPIC mode CPUs whose ids need x2APIC are left out.
 *
 * Result: ncpus and cpus[i].apic_id (cpus[0] is the boot CPU), the LAPIC
 * enabled on the boot CPU with its timer calibrated, and the IOAPIC routing
 * the ISA IRQs (ioapic.c) when the table lists one.  kmain calls this after
 * boot_mem_init (ioremap needs the page allocator) and before the banner.
 */
#include "arch/smp.h"
#include "arch/fw_tables.h"
#include "arch/lapic.h"
#include "arch/ioapic.h"
#include "arch/percpu.h"
#include "arch/paging.h"
#include "console/printk.h"
#include "arch/acpi_platform.h"
#include "arch/timer.h"
#include "boot/cmdline.h"
#include "lib/string.h"

static struct fw_config fw;            /* the table in use (boot CPU only) */
static int apic_ids_known;             /* fw.apic_id[] is the CPUs to start */

/* The parsers' view of physical memory: lowmem directly, the rest mapped. */
static const void *phys_map(uint32_t phys, uint32_t len, void *ctx)
{
	(void)ctx;
	if (phys + len < phys)
		return 0;
	if (phys + len <= LOWMEM_LIMIT)
		return phys_to_virt(phys);
	return ioremap(phys, len);
}

static int read_tables(void)
{
	const char *why = "";

	if (acpi_parse(phys_map, 0, &fw, &why) == 0) {
		if (fw.xsdt_problem)
			printk("nickel: smp: ACPI: XSDT not used (%s); using the RSDT\n",
			       fw.xsdt_problem);
		return 0;
	}
	printk("nickel: smp: ACPI: %s; trying the MP table\n", why);
	if (mptable_parse(phys_map, 0, &fw, &why) == 0)
		return 0;
	printk("nickel: smp: MP table: %s; running on 1 CPU\n", why);
	return -1;
}

static void report_table(void)
{
	int i;

	printk("nickel: smp: %d CPUs from the %s (apic ids", fw.ncpus, fw.source);
	for (i = 0; i < fw.ncpus; i++)
		printk(" %u", fw.apic_id[i]);
	printk(")\n");
	if (fw.cpus_disabled)
		printk("nickel: smp: %d disabled CPU entries skipped\n", fw.cpus_disabled);
	if (fw.cpus_over_limit)
		printk("nickel: smp: %d CPUs beyond NR_CPUS_MAX=%d ignored\n",
		       fw.cpus_over_limit, NR_CPUS_MAX);
}

/* xAPIC ids are 8 bits (255: broadcast): CPUs with larger ids need x2APIC. */
static void drop_x2apic_only_cpus(void)
{
	int i, kept = 0;

	if (lapic_x2 || !fw.x2apic_only)
		return;
	for (i = 0; i < fw.ncpus; i++)
		if (fw.apic_id[i] <= 254)
			fw.apic_id[kept++] = fw.apic_id[i];
	printk("nickel: smp: %d CPUs have APIC ids above 254 and need x2APIC mode "
	       "(skipped; apic=x2 uses them)\n", fw.ncpus - kept);
	fw.ncpus = kept;
}

/* Put the boot CPU first: cpu 0 is whoever runs kmain. */
static int boot_cpu_first(uint32_t boot_id)
{
	int i;

	for (i = 0; i < fw.ncpus; i++)
		if (fw.apic_id[i] == boot_id) {
			fw.apic_id[i] = fw.apic_id[0];
			fw.apic_id[0] = boot_id;
			return 0;
		}
	printk("nickel: smp: the boot CPU (apic id %u) is not in the %s; "
	       "running on 1 CPU\n", boot_id, fw.source);
	return -1;
}

/* A dead PIT: the TSC from the PM timer, before anything measures with it. */
static void clocks_without_pit(void)
{
	const struct ref_clock *pm = pm_timer_clock();

	if (!pit_ch2_dead)
		return;
	if (pm)
		tsc_calibrate_against(pm);
	else
		printk("nickel: timer: no PIT and no ACPI PM timer; the TSC is guessed "
		       "at %u kHz\n", tsc_khz());
}

void smp_detect(void)
{
	int i;

	acpi_platform_init(phys_map);
	clocks_without_pit();
	ncpus = 1;
	cpus[0].id = 0;
	cpus[0].online = 1;
	if (!strcmp(boot_args.smp, "off")) {      /* the boot menu's safe entry */
		printk("nickel: smp: smp=off: running on 1 CPU with the 8259 PIC\n");
		return;
	}
	if (read_tables() != 0)
		return;
	report_table();
	if (lapic_init_boot(fw.lapic_phys) != 0)
		return;
	drop_x2apic_only_cpus();
	if (fw.nmi_lint >= 0)
		lapic_set_nmi_lint(fw.nmi_lint);
	cpus[0].apic_id = (int)lapic_id();
	lapic_timer_calibrate();
	ioapic_init(&fw, (uint32_t)cpus[0].apic_id);
	if (boot_cpu_first((uint32_t)cpus[0].apic_id) != 0)
		return;
	ncpus = fw.ncpus;
	for (i = 0; i < ncpus; i++) {
		cpus[i].id = i;
		cpus[i].apic_id = (int)fw.apic_id[i];
	}
	apic_ids_known = 1;
}

/* For smpboot.c: the APIC id of the n-th CPU to start (1..ncpus-1). */
int smp_table_apic_id(int n)
{
	return apic_ids_known && n < fw.ncpus ? (int)fw.apic_id[n] : -1;
}
