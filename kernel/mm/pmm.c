/*
 * pmm.c - physical page allocator: a bitmap, one bit per 4 KiB frame of
 * lowmem (1 = in use or not RAM).  Allocation searches from a moving hint,
 * so it is O(frames) in the worst case: simple, and not on a hot path.
 * Each allocated frame also records its owner (pmm.h), so that the page
 * accounting check can add up who holds what.
 * Lock: pmm_lock protects bitmap, refs, owner, owned, nr_free and hint.
 */
#include "mm/pmm.h"
#include "boot/multiboot.h"
#include "boot/mb_mem.h"
#include "arch/paging.h"
#include "spinlock.h"
#include "lib/string.h"
#include "console/printk.h"

#define MAX_FRAMES (LOWMEM_LIMIT / PAGE_SIZE)

static uint32_t bitmap[MAX_FRAMES / 32];
/* Users of each frame: 1 when allocated, more when copy-on-write shares it. */
static uint16_t refs[MAX_FRAMES];
static uint8_t owner[MAX_FRAMES];      /* enum pmm_owner; PMM_NOBODY when free */
static unsigned owned[PMM_OWNERS];     /* frames per owner */
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

static const void *phys_map(uint32_t pa)
{
	return phys_to_virt(pa);
}

static void ram_is_free(uint64_t start, uint64_t end, void *ctx)
{
	(void)ctx;
	mark_range(start, end, 1);
}

static void add_ram(const struct multiboot_info *mb)
{
	if (mb_ram_ranges(mb, phys_map, ram_is_free, 0) == MB_MEM_LOWER_UPPER)
		printk("nickel: no memory map, using mem_lower=%u KiB mem_upper=%u KiB\n",
		       mb->mem_lower, mb->mem_upper);
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

/* n free frames in a row, frame number `skew` of them (0 = the first) a
 * multiple of `align` frames; skew < align. */
static uint32_t alloc_locked(unsigned n, unsigned align, unsigned skew,
			     enum pmm_owner o)
{
	unsigned tries, f, k;

	for (tries = 0; tries < 2; tries++, hint = 0) {
		for (f = (hint + skew + align - 1) / align * align - skew;
		     f + n <= nr_frames; f += align) {
			for (k = 0; k < n && !used(f + k); k++)
				;
			if (k < n)
				continue;
			for (k = 0; k < n; k++) {
				set_used(f + k);
				refs[f + k] = 1;
				owner[f + k] = (uint8_t)o;
			}
			owned[o] += n;
			nr_free -= n;
			hint = f + n;
			return f * PAGE_SIZE;
		}
	}
	return 0;
}

uint32_t pmm_alloc_skewed(enum pmm_owner o, unsigned n, unsigned align, unsigned skew)
{
	unsigned long fl;
	uint32_t pa;

	if (o <= PMM_NOBODY || o >= PMM_OWNERS)
		o = PMM_OTHER;
	fl = spin_lock_irqsave(&pmm_lock);
	pa = (n && align && skew < align) ? alloc_locked(n, align, skew, o) : 0;
	spin_unlock_irqrestore(&pmm_lock, fl);
	return pa;
}

uint32_t pmm_alloc_for(enum pmm_owner o, unsigned n, unsigned align)
{
	return pmm_alloc_skewed(o, n, align, 0);
}

/* The first frame above every frame the allocator manages. */
uint32_t pmm_top(void)
{
	return nr_frames * PAGE_SIZE;
}

uint32_t pmm_alloc_aligned(unsigned n, unsigned align)
{
	return pmm_alloc_for(PMM_OTHER, n, align);
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

/* pmm_lock held: drop one user of frame f, freeing it with its last user;
 * -1 (and nothing changed) when nobody allocated it. */
static int unref_locked(unsigned f)
{
	if (f >= nr_frames || !used(f) || owner[f] == PMM_NOBODY)
		return -1;
	if (--refs[f] > 0)
		return 0;
	owned[owner[f]]--;
	owner[f] = PMM_NOBODY;
	set_free(f);
	nr_free++;
	return 0;
}

static void bad_free(uint32_t pa)
{
	printk("nickel: pmm: free of a frame nobody allocated 0x%x\n", pa);
}

/* Drop one user of each frame; a frame is free when its last user goes. */
void pmm_free_contig(uint32_t pa, unsigned n)
{
	unsigned long fl = spin_lock_irqsave(&pmm_lock);
	unsigned f = pa / PAGE_SIZE, k;

	for (k = 0; k < n; k++) {
		if (unref_locked(f + k) != 0) {
			spin_unlock_irqrestore(&pmm_lock, fl);
			bad_free((f + k) * PAGE_SIZE);
			return;
		}
	}
	spin_unlock_irqrestore(&pmm_lock, fl);
}

/*
 * The frames that n page-table entries (or page-directory entries) point
 * to, present entries only: one lock round for a group of them, as fork
 * shares and exit drops a page table's pages (mm.c).
 */
void pmm_ref_ptes(const uint32_t *pte, unsigned n)
{
	unsigned long fl = spin_lock_irqsave(&pmm_lock);
	unsigned k;

	for (k = 0; k < n; k++)
		if (pte[k] & PTE_PRESENT)
			refs[pte[k] / PAGE_SIZE]++;
	spin_unlock_irqrestore(&pmm_lock, fl);
}

void pmm_unref_ptes(const uint32_t *pte, unsigned n)
{
	unsigned long fl = spin_lock_irqsave(&pmm_lock);
	uint32_t bad = 0;
	unsigned k;

	for (k = 0; k < n; k++)
		if ((pte[k] & PTE_PRESENT) && unref_locked(pte[k] / PAGE_SIZE) != 0)
			bad = pte[k] & ~0xFFFu;
	spin_unlock_irqrestore(&pmm_lock, fl);
	if (bad)
		bad_free(bad);
}

void pmm_free(uint32_t pa)
{
	pmm_free_contig(pa, 1);
}

unsigned pmm_free_pages(void) { return nr_free; }

static const char *const owner_names[PMM_OWNERS] = {
	"nobody", "heap", "kstack", "pgtable", "user", "other",
};

const char *pmm_owner_name(enum pmm_owner o)
{
	return o < PMM_OWNERS ? owner_names[o] : "?";
}

/* Who holds the frame at pa now (no lock: a byte, for checks). */
enum pmm_owner pmm_owner_of(uint32_t pa)
{
	unsigned f = pa / PAGE_SIZE;

	return f < nr_frames ? (enum pmm_owner)owner[f] : PMM_NOBODY;
}

unsigned pmm_owner_pages(enum pmm_owner o)
{
	return o < PMM_OWNERS ? owned[o] : 0;
}

/* Frame by frame: bitmap, owner and reference count tell the same story;
 * then the counters must match what the frames say. */
static int check_frames_locked(char *why, unsigned n)
{
	unsigned seen[PMM_OWNERS] = { 0 }, free_seen = 0, sum = 0, f, o;

	for (f = 0; f < nr_frames; f++) {
		o = owner[f];
		if (o >= PMM_OWNERS) {
			snprintf(why, n, "pmm: frame 0x%x has owner %u", f * PAGE_SIZE, o);
			return -1;
		}
		if (!used(f) && (o != PMM_NOBODY || refs[f])) {
			snprintf(why, n, "pmm: free frame 0x%x has owner %s refs %u",
				 f * PAGE_SIZE, owner_names[o], refs[f]);
			return -1;
		}
		if (o != PMM_NOBODY && !refs[f]) {
			snprintf(why, n, "pmm: %s frame 0x%x has no references",
				 owner_names[o], f * PAGE_SIZE);
			return -1;
		}
		if (!used(f))
			free_seen++;
		seen[o]++;
	}
	if (free_seen != nr_free) {
		snprintf(why, n, "pmm: free_pages=%u but %u frames are free", nr_free, free_seen);
		return -1;
	}
	for (o = PMM_NOBODY + 1; o < PMM_OWNERS; o++) {
		if (seen[o] != owned[o]) {
			snprintf(why, n, "pmm: %s holds %u frames but counts %u",
				 owner_names[o], seen[o], owned[o]);
			return -1;
		}
		sum += owned[o];
	}
	if (nr_free + sum != nr_total) {
		snprintf(why, n, "pmm: free_pages=%u + in use %u (heap %u kstack %u "
			 "pgtable %u user %u other %u) != total %u", nr_free, sum,
			 owned[PMM_HEAP], owned[PMM_KSTACK], owned[PMM_PGTABLE],
			 owned[PMM_USER], owned[PMM_OTHER], nr_total);
		return -1;
	}
	return 0;
}

int pmm_check_accounting(char *why, unsigned n)
{
	unsigned long fl = spin_lock_irqsave(&pmm_lock);
	int ret = check_frames_locked(why, n);

	spin_unlock_irqrestore(&pmm_lock, fl);
	return ret;
}
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
