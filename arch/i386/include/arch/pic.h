/* pic.h - the two 8259A interrupt controllers (legacy IRQs 0..15). */
#ifndef ARCH_PIC_H
#define ARCH_PIC_H
void pic_init(void);         /* remap to vectors 32..47, all lines masked */
void pic_unmask(int irq);
void pic_eoi(int irq);
void pic_disable(void);      /* mask everything (when the IOAPIC takes over) */
#endif
