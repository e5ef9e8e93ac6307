/* console_hw.h - the two places text goes: COM1 and the VGA text screen. */
#ifndef ARCH_CONSOLE_HW_H
#define ARCH_CONSOLE_HW_H
void uart_init(void);
void uart_putc(char c);
void uart_enable_rx_irq(void (*on_char)(char c));
void vga_init(void);
void vga_putc(char c);
struct text_screen;
struct text_screen *vga_text_screen(void);   /* NULL: no VGA card */
void kbd_init(void (*on_char)(char c));
#endif
