/* console_input.h - keys typed on the serial line or the PS/2 keyboard. */
#ifndef NICKEL_CONSOLE_INPUT_H
#define NICKEL_CONSOLE_INPUT_H
void console_input_init(void);     /* interrupts from COM1 and the keyboard */
int console_read_key(void);        /* sleep until a key arrives */
#endif
