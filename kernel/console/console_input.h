/* console_input.h - keys typed on the serial line, the PS/2 keyboard or a
 * USB keyboard. */
#ifndef NICKEL_CONSOLE_INPUT_H
#define NICKEL_CONSOLE_INPUT_H
void console_input_init(void);     /* COM1, PS/2 and USB keyboards */
int console_read_key(void);        /* sleep until a key arrives */
void console_input_poll(void);     /* CPU 0's timer tick: the USB keyboards */
#endif
