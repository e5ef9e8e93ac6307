/*
 * kbd.c - the PS/2 keyboard (IRQ 1), so that a PC without a serial cable
 * has the same console keys (s t r + - h).  Only scan-code set 1 make codes
 * of the keys nickel uses are translated.
 *
 * Many PCs of today have no i8042 keyboard controller (USB only, the
 * firmware's legacy emulation off).  Before IRQ 1 is used: the ACPI FADT's
 * IA-PC boot flags (bit 1, "8042") when they say anything, then the
 * controller's self-test (command 0xAA to port 0x64 answers 0x55 on port
 * 0x60; nothing there reads 0xFF).  Without one, a console line says so and
 * the keys come from the serial console only.
 */
#include "arch/console_hw.h"
#include "arch/acpi_platform.h"
#include "arch/timer.h"
#include "arch/io.h"
#include "arch/trap.h"
#include "console/printk.h"

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
static int shift;

/* Set 1 make codes -> ASCII for the keys we care about. */
static char translate(uint8_t code)
{
	switch (code) {
	case 0x1F: return 's';
	case 0x14: return 't';
	case 0x13: return 'r';
	case 0x23: return 'h';
	case 0x0C: return '-';
	case 0x4A: return '-';                 /* keypad minus */
	case 0x0D: return '+';                 /* the '=/+' key, shifted or not */
	case 0x4E: return '+';                 /* keypad plus */
	case 0x1C: return '\n';
	default:   return 0;
	}
}

static void kbd_irq(struct trap_frame *f)
{
	uint8_t code;
	char c;

	(void)f;
	if (!(inb(KBD_STATUS) & 1))
		return;
	code = inb(KBD_DATA);
	if (code == 0x2A || code == 0x36) { shift = 1; return; }
	if (code == 0xAA || code == 0xB6) { shift = 0; return; }
	if (code & 0x80)
		return;                            /* key release */
	c = translate(code);
	if (c && key_hook)
		key_hook(c);
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

void kbd_init(void (*on_char)(char c))
{
	const char *why = acpi_says_8042() ? 0 : "the ACPI FADT's boot flags say none";
	int n;

	for (n = 0; n < 64 && (inb(KBD_STATUS) & STATUS_OUT_FULL); n++)
		(void)inb(KBD_DATA);           /* drain what the BIOS left */
	if (!why)
		why = self_test();
	if (why) {
		printk("nickel: keyboard: no i8042 (%s); keys on the serial console only\n",
		       why);
		return;
	}
	key_hook = on_char;
	irq_install(1, kbd_irq);
}
