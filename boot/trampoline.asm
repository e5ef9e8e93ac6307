; boot/trampoline.asm - the first instructions of every other CPU (AP).
;
; An AP wakes from a STARTUP IPI in 16-bit real mode at CS:IP = VV00:0000,
; where VV is the IPI's vector: the page number of this code below 1 MiB.
; smpboot.c copies trampoline_start..trampoline_end to TRAMPOLINE_PHYS and
; fills in tr_params; the code here must therefore not depend on where the
; kernel linked it: every address is computed as an offset from
; trampoline_start plus TRAMPOLINE_PHYS.
;
; Many APs run this code at the same time (smpboot.c starts them together),
; so it writes nothing shared but its own row's `claimed` word.
;
; Steps: protected mode with a small flat GDT of our own; this CPU's APIC
; id (the APIC base MSR says xAPIC or x2APIC: the ID register by MMIO, or
; MSR 0x802); its row in tr_params' table, claimed with an atomic exchange
; (an id not in the table, or a row already taken, halts here); paging with
; the page directory in tr_params (the kernel half plus an identity map of
; the low 4 MiB, because this code runs at a low address when paging turns
; on), the row's stack, then a jump into the kernel: ap_entry(row) in
; smpboot.c.  A CPU that halts here (the boot CPU starts every CPU at once,
; and the table may leave some out) first takes a stray ticket, an atomic
; increment, and writes its APIC id + 1 at that index, on no stack: the
; boot CPU names it and sends it INIT.

TRAMPOLINE_PHYS equ 0x8000        ; = smpboot.c's TRAMPOLINE_PHYS
CR0_PE     equ 1 << 0
CR0_WP     equ 1 << 16
CR0_NW     equ 1 << 29
CR0_CD     equ 1 << 30
CR0_PG     equ 1 << 31
CR4_PSE    equ 1 << 4
SEL_KCODE  equ 0x08
SEL_KDATA  equ 0x10
MSR_APIC_BASE   equ 0x1B
APIC_BASE_EXTD  equ 1 << 10       ; x2APIC mode
MSR_X2APIC_ID   equ 0x802
XAPIC_ID_REG    equ 0x20          ; id in bits 31..24
TR_MAX_ROWS     equ 64            ; = NR_CPUS_MAX (smpboot.c checks the size)
; struct trampoline_params: cr3, entry, rows, three arrays of rows, strays
TR_CR3     equ 0
TR_ENTRY   equ 4
TR_ROWS    equ 8
TR_APIC_ID equ 12
TR_STACK   equ TR_APIC_ID + 4 * TR_MAX_ROWS
TR_CLAIMED equ TR_STACK + 4 * TR_MAX_ROWS
TR_STRAYS  equ TR_CLAIMED + 4 * TR_MAX_ROWS
TR_STRAY_ID equ TR_STRAYS + 4

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

	; Who am I?  The APIC id, from the interface the firmware left on.
	mov ecx, MSR_APIC_BASE
	rdmsr
	test eax, APIC_BASE_EXTD
	jnz .x2apic
	and eax, 0xFFFFF000           ; the xAPIC page (paging is still off)
	mov eax, [eax + XAPIC_ID_REG]
	shr eax, 24
	jmp .find_row
.x2apic:
	mov ecx, MSR_X2APIC_ID
	rdmsr

.find_row:                        ; esi = the row whose apic_id is eax
	mov ebx, PHYS(tr_params)
	mov edi, eax                  ; the id, for .stray
	xor esi, esi
.next_row:
	cmp esi, [ebx + TR_ROWS]
	jae .stray                    ; not in the table: not ours to start
	cmp eax, [ebx + TR_APIC_ID + esi * 4]
	je .claim
	inc esi
	jmp .next_row

	; The boot CPU claims the row of an AP it gave up on: that AP, should
	; it wake late, stops here instead of running on a freed stack.
.claim:
	mov eax, 1
	xchg eax, [ebx + TR_CLAIMED + esi * 4]
	test eax, eax
	jnz .stray

	mov eax, cr4
	or eax, CR4_PSE
	mov cr4, eax
	mov eax, [ebx + TR_CR3]       ; page directory (physical)
	mov cr3, eax
	mov eax, cr0
	or eax, CR0_PG | CR0_WP
	mov cr0, eax

	mov esp, [ebx + TR_STACK + esi * 4]   ; this row's kernel stack (virtual)
	xor ebp, ebp                  ; ends backtraces
	push esi                      ; ap_entry(row)
	push dword 0                  ; no return address
	jmp [ebx + TR_ENTRY]          ; ap_entry, in the higher half

.stray:
	mov eax, 1
	lock xadd [ebx + TR_STRAYS], eax
	cmp eax, TR_MAX_ROWS
	jae .park
	inc edi                       ; id + 1: 0 means not written yet
	mov [ebx + TR_STRAY_ID + eax * 4], edi
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
	dd 0                          ; cr3
	dd 0                          ; entry
	dd 0                          ; rows
	times 3 * TR_MAX_ROWS dd 0    ; apic_id[], stack_top[], claimed[]
	dd 0                          ; strays
	times TR_MAX_ROWS dd 0        ; stray_id[]
global trampoline_end
trampoline_end:
