/* printk.h - kernel console output (serial + VGA) and console input. */
#ifndef NICKEL_PRINTK_H
#define NICKEL_PRINTK_H
#include <stdarg.h>

int printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintk(const char *fmt, va_list ap);
void console_write(const char *s, unsigned n);
void console_print(const char *s);     /* any length, line by line */
void console_serial_print(const char *s);  /* the same, serial line only */
struct boot_fb;
void console_init(const struct boot_fb *fb);   /* serial + the screen */
void console_start_input(void);        /* serial + keyboard interrupts on */
int console_getc(void);                /* next key, or -1 when none */
extern int console_panicking;          /* set by panic: never wait for the lock */
#endif
