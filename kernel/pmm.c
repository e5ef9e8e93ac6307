/*
 * pmm.c - physical page allocator: a bitmap, one bit per 4 KiB frame of
 * lowmem (1 = in use or not RAM).  Allocation searches from a moving hint,
 * so it is O(frames) in the worst case: simple, and not on a hot path.
 * Lock: pmm_lock protects bitmap, nr_free and hint.
 */
#include "pmm.h"
#include "multiboot.h"
#include "paging.h"
#include "spinlock.h"
#include "string.h"
#include "printk.h"

#define MAX_FRAMES (LOWMEM_LIMIT / PAGE_SIZE)

static uint32_t bitmap[MAX_FRAMES / 32];
/* Users of each frame: 1 when allocated, more when copy-on-write shares it. */
static uint16_t refs[MAX_FRAMES];
static unsigned nr_frames;      /* frames below the top of RAM we manage */
static unsigned nr_free, nr_total;
static unsigned hint;
static spinlock_t pmm_lock = SPINLOCK_INIT("pmm");

static int used(unsigned f) { return (bitmap[f / 32] >> (f % 32)) & 1; }
static void set_used(unsigned f) { bitmap[f / 32] |= 1u << (f % 32); }
static void set_free(unsigned f) { bitmap[f / 32] &= ~(1u << (f % 32)); }

/* Mark [start, end) as RAM (free) or reserved, frame-aligned inwards/outwards. */
static void mark_range(uint64_t start, uint64_t end, int make_free)
{
	uint64_t f, first, last;

	if (make_free) {         /* only whole frames of RAM are usable */
		first = (start + PAGE_SIZE - 1) / PAGE_SIZE;
		last = end / PAGE_SIZE;
	} else {                 /* any touched frame is reserved */
		first = start / PAGE_SIZE;
		last = (end + PAGE_SIZE - 1) / PAGE_SIZE;
	}
	if (last > MAX_FRAMES)
		last = MAX_FRAMES;
	for (f = first; f < last; f++) {
		if (make_free && used(f)) {
			set_free(f);
			nr_free++;
			if (f + 1 > nr_frames)
				nr_frames = f + 1;
		} else if (!make_free && !used(f)) {
			set_used(f);
			nr_free--;
		}
	}
}

static void add_ram(const struct multiboot_info *mb)
{
	if (mb->flags & MB_INFO_MMAP) {
		uint32_t p = mb->mmap_addr, end = mb->mmap_addr + mb->mmap_length;
		while (p < end) {
			const struct multiboot_mmap *e = phys_to_virt(p);
			if (e->type == 1)
				mark_range(e->addr, e->addr + e->len, 1);
			p += e->size + 4;
		}
	} else if (mb->flags & MB_INFO_MEM) {
		printk("nickel: no memory map, using mem_lower/mem_upper\n");
		mark_range(0, (uint64_t)mb->mem_lower * 1024, 1);
		mark_range(0x100000, 0x100000 + (uint64_t)mb->mem_upper * 1024, 1);
	}
}

static void reserve_boot_data(const struct multiboot_info *mb)
{
	extern char __kernel_end[];
	const struct multiboot_mod *mods = phys_to_virt(mb->mods_addr);
	uint32_t i;

	mark_range(0, 0x100000, 0);                      /* BIOS, trampoline */
	mark_range(0x100000, virt_to_phys(__kernel_end), 0);
	mark_range(virt_to_phys(mb), virt_to_phys(mb) + sizeof(*mb), 0);
	if (mb->flags & MB_INFO_CMDLINE)
		mark_range(mb->cmdline, mb->cmdline + 4096, 0);
	if (mb->flags & MB_INFO_MMAP)
		mark_range(mb->mmap_addr, mb->mmap_addr + mb->mmap_length, 0);
	if (!(mb->flags & MB_INFO_MODS))
		return;
	mark_range(mb->mods_addr, mb->mods_addr + mb->mods_count * sizeof(*mods), 0);
	for (i = 0; i < mb->mods_count; i++) {
		mark_range(mods[i].start, mods[i].end, 0);
		mark_range(mods[i].string, mods[i].string + 256, 0);
	}
}

void pmm_init(const struct multiboot_info *mb)
{
	memset(bitmap, 0xFF, sizeof(bitmap));
	nr_free = 0;
	add_ram(mb);
	reserve_boot_data(mb);
	nr_total = nr_free;
}

/* n free frames in a row, the first a multiple of `align` frames. */
static uint32_t alloc_locked(unsigned n, unsigned align)
{
	unsigned tries, f, k;

	for (tries = 0; tries < 2; tries++, hint = 0) {
		for (f = (hint + align - 1) / align * align; f + n <= nr_frames;
		     f += align) {
			for (k = 0; k < n && !used(f + k); k++)
				;
			if (k < n)
				continue;
			for (k = 0; k < n; k++) {
				set_used(f + k);
				refs[f + k] = 1;
			}
			nr_free -= n;
			hint = f + n;
			return f * PAGE_SIZE;
		}
	}
	return 0;
}

uint32_t pmm_alloc_aligned(unsigned n, unsigned align)
{
	unsigned long fl = spin_lock_irqsave(&pmm_lock);
	uint32_t pa = (n && align) ? alloc_locked(n, align) : 0;
	spin_unlock_irqrestore(&pmm_lock, fl);
	return pa;
}

uint32_t pmm_alloc_contig(unsigned n)
{
	return pmm_alloc_aligned(n, 1);
}

uint32_t pmm_alloc(void)
{
	return pmm_alloc_contig(1);
}

/* Another user of the frame at pa (fork's copy-on-write sharing). */
void pmm_ref(uint32_t pa)
{
	unsigned long fl = spin_lock_irqsave(&pmm_lock);
	refs[pa / PAGE_SIZE]++;
	spin_unlock_irqrestore(&pmm_lock, fl);
}

unsigned pmm_refcount(uint32_t pa)
{
	return refs[pa / PAGE_SIZE];
}

/* Drop one user of each frame; a frame is free when its last user goes. */
void pmm_free_contig(uint32_t pa, unsigned n)
{
	unsigned long fl = spin_lock_irqsave(&pmm_lock);
	unsigned f = pa / PAGE_SIZE, k;

	for (k = 0; k < n; k++) {
		if (f + k >= nr_frames || !used(f + k)) {
			spin_unlock_irqrestore(&pmm_lock, fl);
			printk("nickel: pmm: free of a free frame 0x%x\n", pa);
			return;
		}
		if (--refs[f + k] > 0)
			continue;
		set_free(f + k);
		nr_free++;
	}
	spin_unlock_irqrestore(&pmm_lock, fl);
}

void pmm_free(uint32_t pa)
{
	pmm_free_contig(pa, 1);
}

unsigned pmm_free_pages(void) { return nr_free; }
unsigned pmm_total_pages(void) { return nr_total; }

/*
 * Self-test: take every free page (a second bitmap catches a page handed
 * out twice), check the allocator then reports none, free them, compare.
 */
int pmm_self_test(void)
{
	static uint32_t seen[MAX_FRAMES / 32];
	unsigned before = pmm_free_pages(), got = 0, f;
	uint32_t pa;

	memset(seen, 0, sizeof(seen));
	while ((pa = pmm_alloc()) != 0) {
		f = pa / PAGE_SIZE;
		if (seen[f / 32] & (1u << (f % 32))) {
			printk("nickel: pmm self-test: frame 0x%x handed out twice\n", pa);
			return -1;
		}
		seen[f / 32] |= 1u << (f % 32);
		got++;
	}
	if (got != before || pmm_free_pages() != 0) {
		printk("nickel: pmm self-test: got %u of %u pages, %u left\n",
		       got, before, pmm_free_pages());
		return -1;
	}
	for (f = 0; f < MAX_FRAMES; f++)
		if (seen[f / 32] & (1u << (f % 32)))
			pmm_free(f * PAGE_SIZE);
	if (pmm_free_pages() != before) {
		printk("nickel: pmm self-test: %u free after, %u before\n",
		       pmm_free_pages(), before);
		return -1;
	}
	printk("nickel: pmm self-test passed: allocated and freed %u pages\n", got);
	return 0;
}
