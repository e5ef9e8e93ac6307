/*
 * kbd.c - the PS/2 keyboard (IRQ 1), so that a PC without a serial cable
 * has the same console keys (s t r + - h).  Only scan-code set 1 make codes
 * of the keys nickel uses are translated.
 */
#include "console_hw.h"
#include "io.h"
#include "trap.h"

#define KBD_DATA   0x60
#define KBD_STATUS 0x64

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

void kbd_init(void (*on_char)(char c))
{
	key_hook = on_char;
	while (inb(KBD_STATUS) & 1)            /* drain what the BIOS left */
		(void)inb(KBD_DATA);
	irq_install(1, kbd_irq);
}
