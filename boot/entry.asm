; boot/entry.asm - multiboot v1 and v2 headers and the first instructions of
; nickel.
;
; The boot loader enters _start_phys in 32-bit protected mode with paging off:
; QEMU -kernel and GRUB's `multiboot` with eax = 0x2BADB002, GRUB's
; `multiboot2` (the only one GRUB offers under UEFI) with eax = 0x36D76289;
; ebx = physical address of the boot information either way
; (kernel/boot/boot_info.c reads both).  We build a page directory that maps physical memory at
; 0xC0000000 with 4 MiB pages (PSE), keep an identity map of the first 4 MiB
; for the jump, switch to the higher half and call kmain(magic, info).

MB_MAGIC      equ 0x1BADB002
MB_ALIGN      equ 1 << 0          ; modules page aligned
MB_MEMINFO    equ 1 << 1          ; give us mem_lower/upper and the memory map
MB_AOUT_KLUDGE equ 1 << 16       ; load addresses are in the header
MB_FLAGS      equ MB_ALIGN | MB_MEMINFO | MB_AOUT_KLUDGE
KERNEL_BASE   equ 0xC0000000
LOWMEM_PDES   equ 192             ; 192 x 4 MiB = 768 MiB direct map
PDE_PRESENT   equ 1 << 0
PDE_WRITE     equ 1 << 1
PDE_4M        equ 1 << 7
CR4_PSE       equ 1 << 4
CR0_PG        equ 1 << 31
CR0_WP        equ 1 << 16
BOOT_STACK    equ 16384           ; = KSTACK_SIZE in kernel/proc/task.h

; The "a.out kludge" fields give physical load addresses, so that GRUB and
; QEMU -kernel load and enter a higher-half kernel the same way (each reads
; ELF entry points differently).  linker.ld lays the file out to match.
extern __load_end, __bss_end, __kernel_end
section .multiboot
align 4
multiboot_header:
	dd MB_MAGIC
	dd MB_FLAGS
	dd -(MB_MAGIC + MB_FLAGS)
	dd multiboot_header - KERNEL_BASE  ; header_addr
	dd 0x00100000                      ; load_addr: start of .text
	dd __load_end - KERNEL_BASE        ; load_end_addr: end of loaded data
	dd __kernel_end - KERNEL_BASE      ; bss_end_addr
	dd _start_phys                     ; entry_addr

; Multiboot2: the same load addresses, an entry point, and a request for a
; linear framebuffer (under UEFI there is no VGA text mode: without this tag
; GRUB stops with "no suitable video mode found").  The request is optional
; so that a BIOS boot with gfxpayload=text still gets VGA text.
MB2_MAGIC     equ 0xE85250D6
MB2_ARCH_I386 equ 0
MB2_OPTIONAL  equ 1
align 8
mb2_header:
	dd MB2_MAGIC
	dd MB2_ARCH_I386
	dd mb2_header_end - mb2_header
	dd -(MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))
	dw 2, 0                            ; address tag
	dd 24
	dd mb2_header - KERNEL_BASE        ; header_addr
	dd 0x00100000                      ; load_addr
	dd __load_end - KERNEL_BASE        ; load_end_addr
	dd __kernel_end - KERNEL_BASE      ; bss_end_addr
	dw 3, 0                            ; entry address tag
	dd 12
	dd _start_phys
	dd 0                               ; tags are 8-byte aligned
	dw 5, MB2_OPTIONAL                 ; framebuffer tag: width, height, bpp
	dd 20
	dd 1024, 768, 32
	dd 0
	dw 6, 0                            ; modules page aligned
	dd 8
	dw 0, 0                            ; end tag
	dd 8
mb2_header_end:

section .data
align 8
global boot_tsc_entry
boot_tsc_entry:                    ; TSC at _start (in .data: set before bss is cleared)
	dq 0

section .bss
alignb 4096
global boot_page_dir
boot_page_dir:
	resb 4096
; Twice the stack size and a page, so that an aligned BOOT_STACK block fits
; inside (its bottom holds CPU 0's thread_info) with at least one page of
; the area below it, which kernel/mm/kstack.c unmaps as its guard page;
; aligning it here instead would push the whole image's file alignment
; past the multiboot 8 KiB window.
boot_stack_area:
	resb 2 * BOOT_STACK + 4096

section .text.boot
global _start_phys
_start_phys equ _start - KERNEL_BASE
global _start
_start:
	cli
	mov esi, eax                   ; keep magic and info across the setup
	mov edi, ebx
	rdtsc                          ; the boot clock's zero (kernel/boot/boot_time.c)
	mov [boot_tsc_entry - KERNEL_BASE], eax
	mov [boot_tsc_entry - KERNEL_BASE + 4], edx

	; Fill boot_page_dir (physical address) with 4 MiB mappings:
	; PDE 0 = identity 0..4 MiB (only for the jump), PDE 768+i = i*4 MiB.
	mov edx, boot_page_dir - KERNEL_BASE
	mov dword [edx], PDE_PRESENT | PDE_WRITE | PDE_4M
	xor ecx, ecx
.fill:
	mov eax, ecx
	shl eax, 22
	or eax, PDE_PRESENT | PDE_WRITE | PDE_4M
	mov [edx + (768 * 4) + ecx * 4], eax
	inc ecx
	cmp ecx, LOWMEM_PDES
	jb .fill

	mov eax, cr4
	or eax, CR4_PSE
	mov cr4, eax
	mov cr3, edx
	mov eax, cr0
	or eax, CR0_PG | CR0_WP
	mov cr0, eax

	lea eax, [.higher_half]
	jmp eax                        ; now running at 0xC01xxxxx

.higher_half:
	mov esp, boot_stack_area + 2 * BOOT_STACK + 4096
	and esp, ~(BOOT_STACK - 1)         ; top of an aligned BOOT_STACK block
	xor ebp, ebp                   ; ends the backtrace chain
	push edi                       ; multiboot info (physical)
	push esi                       ; magic
	extern kmain
	call kmain
.hang:
	cli
	hlt
	jmp .hang
