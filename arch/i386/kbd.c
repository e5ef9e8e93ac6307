/*
 * kbd.c - the PS/2 keyboard (IRQ 1), so that a PC without a serial cable
 * has the same console keys as the serial line: scan code set 1 goes through
 * the one key table of every keyboard (console/keymap.c).
 *
 * Many PCs of today have no i8042 keyboard controller (USB only, the
 * firmware's legacy emulation off).  Before IRQ 1 is used: the ACPI FADT's
 * IA-PC boot flags (bit 1, "8042") when they say anything, then the
 * controller's self-test (command 0xAA to port 0x64 answers 0x55 on port
 * 0x60; nothing there reads 0xFF).  Without one, console_input.c says so
 * and the keys come from USB keyboards and the serial line.
 */
#include "arch/console_hw.h"
#include "arch/acpi_platform.h"
#include "arch/timer.h"
#include "arch/io.h"
#include "arch/trap.h"
#include "console/keymap.h"

#define KBD_DATA   0x60
#define KBD_STATUS 0x64
#define KBD_CMD    0x64
#define STATUS_OUT_FULL 0x01
#define STATUS_IN_FULL  0x02
#define CMD_READ_CONFIG  0x20
#define CMD_WRITE_CONFIG 0x60
#define CMD_SELF_TEST    0xAA
#define SELF_TEST_PASSED 0x55
#define WAIT_US          20000

static void (*key_hook)(char c);
static uint8_t mods;                   /* KEY_MOD_* held */
static int extended;                   /* the last byte was the 0xE0 prefix */

/* One byte of scan code set 1: a make code (bit 7 clear), a break code
 * (bit 7 set) or the 0xE0 prefix.  Both go through the one key table
 * (console/keymap.c); the keyboard repeats a held key itself (typematic). */
static void scan_code(uint8_t byte)
{
	uint8_t usage, bit;
	char c;

	if (byte == 0xE0) {
		extended = 1;
		return;
	}
	usage = keymap_ps2_set1(byte & 0x7F, extended);
	extended = 0;
	bit = keymap_modifier_bit(usage);
	if (bit) {
		mods = (byte & 0x80) ? mods & ~bit : mods | bit;
		return;
	}
	if (byte & 0x80)
		return;                        /* a key released */
	c = keymap_char(usage, mods);
	if (c && key_hook)
		key_hook(c);
}

static void kbd_irq(struct trap_frame *f)
{
	(void)f;
	if (inb(KBD_STATUS) & STATUS_OUT_FULL)
		scan_code(inb(KBD_DATA));
}

/* Wait until the status bit is `want` (0 or the bit); 0, or -1 on timeout. */
static int wait_status(uint8_t bit, uint8_t want)
{
	uint64_t end = time_us() + WAIT_US;

	while ((inb(KBD_STATUS) & bit) != want)
		if (time_us() > end)
			return -1;
	return 0;
}

static int command(uint8_t cmd)
{
	if (wait_status(STATUS_IN_FULL, 0) != 0)
		return -1;
	outb(KBD_CMD, cmd);
	return 0;
}

static int read_data(void)
{
	return wait_status(STATUS_OUT_FULL, STATUS_OUT_FULL) == 0 ? inb(KBD_DATA) : -1;
}

/* The self-test; it may reset the configuration byte, which is put back. */
static const char *self_test(void)
{
	int config, answer;

	if (inb(KBD_STATUS) == 0xFF)
		return "nothing at port 0x64";
	if (command(CMD_READ_CONFIG) != 0 || (config = read_data()) < 0)
		return "no answer to 'read configuration'";
	if (command(CMD_SELF_TEST) != 0 || (answer = read_data()) < 0)
		return "no answer to the self-test";
	if (answer != SELF_TEST_PASSED)
		return "the self-test failed";
	if (command(CMD_WRITE_CONFIG) == 0 && wait_status(STATUS_IN_FULL, 0) == 0)
		outb(KBD_DATA, (uint8_t)config);
	return 0;
}

/* NULL once a PS/2 keyboard controller answered and IRQ 1 is installed;
 * else why there is none (console_input.c says so). */
const char *kbd_init(void (*on_char)(char c))
{
	const char *why = acpi_says_8042() ? 0 : "the ACPI FADT's boot flags say none";
	int n;

	for (n = 0; n < 64 && (inb(KBD_STATUS) & STATUS_OUT_FULL); n++)
		(void)inb(KBD_DATA);           /* drain what the BIOS left */
	if (!why)
		why = self_test();
	if (why)
		return why;
	key_hook = on_char;
	irq_install(1, kbd_irq);
	return 0;
}
