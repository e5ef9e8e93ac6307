/*
 * usb.h - USB keyboards on xHCI controllers (the room kernel/usb/).
 * The console's input (console/console_input.c) starts them at boot and
 * CPU 0's timer tick polls them.
 */
#ifndef NICKEL_USB_H
#define NICKEL_USB_H
/* Find the xHCI controllers (PCI class 0x0C0330), take them from the
 * firmware, and start every boot keyboard on their root hub ports; each
 * key typed on one calls on_char (in CPU 0's timer interrupt).  Returns
 * how many keyboards; one boot line per controller and per device. */
int usb_keyboards_init(void (*on_char)(char c));
/* CPU 0's timer tick: the reports that came, and key repeat. */
void usb_poll(void);
#endif
