/* console_hw.h - the two places text goes (COM1, the VGA text screen) and
 * the two legacy places keys come from (COM1, the PS/2 keyboard). */
#ifndef ARCH_CONSOLE_HW_H
#define ARCH_CONSOLE_HW_H
void uart_init(void);
void uart_putc(char c);
void uart_write(const char *s, unsigned n);  /* n bytes: one status read per FIFO */
void uart_drain(void);                       /* wait until every byte is out */
void uart_enable_rx_irq(void (*on_char)(char c));
int uart_present(void);                       /* 0: no UART at COM1 */
void vga_init(void);
void vga_putc(char c);                        /* the cursor stays ... */
void vga_show_cursor(void);                   /* ... until this: after a write */
struct text_screen;
struct text_screen *vga_text_screen(void);   /* NULL: no VGA card */
/* NULL when the PS/2 keyboard is on IRQ 1, else why there is none. */
const char *kbd_init(void (*on_char)(char c));
#endif
