/*
 * gdt.c - segments.  nickel uses flat 4 GiB segments (paging does the
 * protection) and two TSSs per CPU: the first only supplies esp0 (the kernel
 * stack the CPU switches to when an interrupt arrives in ring 3), the second
 * is the double-fault task (double_fault.c).
 */
#include "arch/percpu.h"
#include "arch/cpu.h"
#include "arch/sysenter.h"
#include "lib/string.h"

struct cpu cpus[NR_CPUS_MAX];
int ncpus = 1;

/* One 8-byte descriptor: base, limit (in 4 KiB units when gran=1), type. */
static uint64_t segment(uint32_t base, uint32_t limit, uint8_t access, uint8_t flags)
{
	uint64_t d = 0;

	d |= limit & 0xFFFF;
	d |= (uint64_t)(base & 0xFFFFFF) << 16;
	d |= (uint64_t)access << 40;
	d |= (uint64_t)((limit >> 16) & 0xF) << 48;
	d |= (uint64_t)(flags & 0xF) << 52;
	d |= (uint64_t)(base >> 24) << 56;
	return d;
}

#define ACC_KCODE 0x9A  /* present, ring 0, code, readable */
#define ACC_KDATA 0x92  /* present, ring 0, data, writable */
#define ACC_UCODE 0xFA  /* same, ring 3 */
#define ACC_UDATA 0xF2
#define ACC_TSS   0x89  /* present, 32-bit available TSS */
#define FLAGS_4G  0xC   /* 4 KiB granularity, 32-bit */

static void load_gdt(struct cpu *c)
{
	struct { uint16_t limit; uint32_t base; } __attribute__((packed)) gdtr = {
		sizeof(c->gdt) - 1, (uint32_t)c->gdt };

	__asm__ volatile("lgdt %0\n\t"
			 "mov %1, %%ds\n\t mov %1, %%es\n\t mov %1, %%ss\n\t"
			 "mov %1, %%fs\n\t mov %1, %%gs\n\t"
			 "ljmp %2, $1f\n1:\n\t"
			 "ltr %w3"
			 : : "m"(gdtr), "r"(SEL_KDATA), "i"(SEL_KCODE), "r"(SEL_TSS)
			 : "memory");
}

void gdt_init_cpu(struct cpu *c)
{
	memset(&c->tss, 0, sizeof(c->tss));
	c->tss.ss0 = SEL_KDATA;
	c->tss.iomap_base = sizeof(c->tss);   /* no I/O bitmap: ring 3 gets #GP */
	c->tss.cr3 = read_cr3();              /* see percpu.h */

	c->gdt[0] = 0;
	c->gdt[1] = segment(0, 0xFFFFF, ACC_KCODE, FLAGS_4G);
	c->gdt[2] = segment(0, 0xFFFFF, ACC_KDATA, FLAGS_4G);
	c->gdt[3] = segment(0, 0xFFFFF, ACC_UCODE, FLAGS_4G);
	c->gdt[4] = segment(0, 0xFFFFF, ACC_UDATA, FLAGS_4G);
	c->gdt[5] = segment((uint32_t)&c->tss, sizeof(c->tss) - 1, ACC_TSS, 0);
	c->gdt[6] = 0;                        /* until double_fault_init_cpu */
	load_gdt(c);
	sysenter_init_cpu(c);                 /* its MSRs name these segments */
}

/* The double-fault task's TSS: the IDT's task gate for vector 8 names it. */
void gdt_set_df_tss(struct cpu *c, struct tss *t)
{
	c->gdt[SEL_DF_TSS >> 3] = segment((uint32_t)t, sizeof(*t) - 1, ACC_TSS, 0);
}
