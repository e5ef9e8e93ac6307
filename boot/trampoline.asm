; boot/trampoline.asm - the first instructions of every other CPU (AP).
;
; An AP wakes from a STARTUP IPI in 16-bit real mode at CS:IP = VV00:0000,
; where VV is the IPI's vector: the page number of this code below 1 MiB.
; smpboot.c copies trampoline_start..trampoline_end to TRAMPOLINE_PHYS and
; fills in tr_params; the code here must therefore not depend on where the
; kernel linked it: every address is computed as an offset from
; trampoline_start plus TRAMPOLINE_PHYS.
;
; Steps: protected mode with a small flat GDT of our own, claim the
; parameter block (only one AP may use the stack it names), paging with
; the page directory in tr_params (the kernel half plus an identity map of
; the low 4 MiB, because this code runs at a low address when paging turns
; on), the stack, then a jump into the kernel: ap_entry(cpu) in smpboot.c.

TRAMPOLINE_PHYS equ 0x8000        ; = smpboot.c's TRAMPOLINE_PHYS
CR0_PE     equ 1 << 0
CR0_WP     equ 1 << 16
CR0_NW     equ 1 << 29
CR0_CD     equ 1 << 30
CR0_PG     equ 1 << 31
CR4_PSE    equ 1 << 4
SEL_KCODE  equ 0x08
SEL_KDATA  equ 0x10

%define PHYS(label) (TRAMPOLINE_PHYS + (label) - trampoline_start)

section .rodata                   ; data here: it only runs as a copy
bits 16
global trampoline_start
trampoline_start:
	cli
	cld
	mov ax, cs                    ; = TRAMPOLINE_PHYS >> 4
	mov ds, ax
	lgdt [tr_gdtr - trampoline_start]
	mov eax, cr0
	and eax, ~(CR0_CD | CR0_NW)   ; INIT leaves the caches off
	or eax, CR0_PE
	mov cr0, eax
	jmp dword SEL_KCODE:PHYS(tr_protected)

bits 32
tr_protected:
	mov ax, SEL_KDATA
	mov ds, ax
	mov es, ax
	mov ss, ax
	mov fs, ax
	mov gs, ax
	mov ebx, PHYS(tr_params)

	; A late AP (one the boot CPU gave up on) must not share the stack of
	; the next one: the first to set `claimed` goes on, any other stops.
	mov eax, 1
	xchg eax, [ebx + 16]
	test eax, eax
	jnz .park

	mov eax, cr4
	or eax, CR4_PSE
	mov cr4, eax
	mov eax, [ebx + 0]            ; page directory (physical)
	mov cr3, eax
	mov eax, cr0
	or eax, CR0_PG | CR0_WP
	mov cr0, eax

	mov esp, [ebx + 4]            ; top of this CPU's kernel stack (virtual)
	xor ebp, ebp                  ; ends backtraces
	push dword [ebx + 12]         ; ap_entry(cpu)
	push dword 0                  ; no return address
	jmp [ebx + 8]                 ; ap_entry, in the higher half

.park:
	cli
	hlt
	jmp .park

align 8
tr_gdt:
	dq 0
	dq 0x00CF9A000000FFFF         ; 0x08: ring 0 code, flat 4 GiB
	dq 0x00CF92000000FFFF         ; 0x10: ring 0 data, flat 4 GiB
tr_gdtr:
	dw tr_gdtr - tr_gdt - 1
	dd PHYS(tr_gdt)

align 4
global tr_params                  ; struct trampoline_params in smpboot.c
tr_params:
	dd 0                          ; +0  cr3
	dd 0                          ; +4  stack top
	dd 0                          ; +8  entry
	dd 0                          ; +12 cpu index
	dd 0                          ; +16 claimed
global trampoline_end
trampoline_end:
