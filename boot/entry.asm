; boot/entry.asm - multiboot v1 header and the first instructions of nickel.
;
; The boot loader (GRUB or QEMU -kernel) enters _start_phys in 32-bit protected
; mode with paging off, eax = 0x2BADB002 and ebx = physical address of the
; multiboot info.  We build a page directory that maps physical memory at
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
BOOT_STACK    equ 16384           ; = KSTACK_SIZE in kernel/include/task.h

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

section .bss
alignb 4096
global boot_page_dir
boot_page_dir:
	resb 4096
; Twice the stack size and a page, so that an aligned BOOT_STACK block fits
; inside (its bottom holds CPU 0's thread_info) with at least one page of
; the area below it, which kernel/kstack.c unmaps as its guard page;
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
