; arch/i386/sysenter_entry.asm - the fast system call entry (SYSENTER/SYSEXIT),
; beside int 0x80 (isr.asm).  docs/user.md, "The system call path", says why
; each instruction is here; sysenter.c sets the CPU up for it.
;
; Ring 3 never executes SYSENTER itself: it calls the entry whose address
; the kernel gave it as AT_SYSINFO (the code between vsys_start and vsys_end,
; copied to a read-only user page at VSYSCALL_VA), with the registers of
; int 0x80: eax the number, ebx ecx edx esi edi ebp the arguments.  As in
; Linux's __kernel_vsyscall, it saves ecx, edx, ebp on the user stack, puts
; the user esp in ebp (SYSENTER forgets esp and eip) and enters; the kernel
; leaves with SYSEXIT to vsys_ret (edx = eip, ecx = esp) and the pops there
; give the caller back every register but eax.

SEL_UCODE   equ 0x1B
SEL_UDATA   equ 0x23
SEL_KDATA   equ 0x10
EFLAGS_TF   equ 0x100
EFLAGS_IF   equ 0x200
; A SYSEXIT cannot restore these (it leaves EFLAGS as the kernel has it):
; with any of them in the saved EFLAGS the way out is iret.  TF single-
; steps, NT and IOPL are the kernel's business, AC traps unaligned ring-3
; accesses, VIF/VIP/ID are kept as the program set them.
EFLAGS_IRET_ONLY equ 0x100 | 0x3000 | 0x4000 | 0x40000 | 0x80000 | 0x100000 | 0x200000

VSYSCALL_VA equ 0xB0000000       ; = arch/sysenter.h
USER_TOP    equ 0xC0000000       ; = arch/paging.h
EFAULT      equ 14

; struct trap_frame offsets (arch/trap.h)
F_GS  equ 0
F_FS  equ 4
F_ES  equ 8
F_DS  equ 12
F_EBP equ 24
F_EAX equ 44
F_EIP equ 56
F_EFLAGS equ 64
F_USER_ESP equ 68

section .rodata
global vsys_start, vsys_end, vsys_ret
vsys_start:                      ; = AT_SYSINFO (position independent)
	push ecx
	push edx
	push ebp
	mov ebp, esp
	sysenter
vsys_ret:                        ; SYSEXIT (or iret) comes back here
	pop ebp
	pop edx
	pop ecx
	ret
vsys_end:

VSYS_RET equ VSYSCALL_VA + (vsys_ret - vsys_start)

section .text
extern sysenter_dispatch
extern trap_return
global sysenter_entry, sysenter_entry_flags_saved, sysenter_entry_tf
global sysenter_arg6_load, sysenter_bad_stack

; The CPU arrives here in ring 0 with cs = 0x08, ss = 0x10, IF clear and
; esp = this task's kernel stack top (MSR 0x175, written by
; arch_switch_to at each task switch).  Build the frame int 0x80
; builds (struct trap_frame), so that every call, fork, signal and exit
; sees one kind of frame.
sysenter_entry:
	pushfd                       ; first: EFLAGS as ring 3 had it, TF included
sysenter_entry_flags_saved:      ; (a single-step #DB comes here: sysenter.c)
	sub esp, 4
	push dword [esp + 4]         ; eflags, where the frame wants it
	or dword [esp], EFLAGS_IF    ; ring 3 always runs with IF set
	mov dword [esp + 8], SEL_UDATA   ; user_ss
	mov [esp + 4], ebp           ; user_esp (the entry put it in ebp)
	push dword SEL_UCODE         ; cs
	push dword VSYS_RET          ; eip
	push dword 0                 ; error code
	push dword 0x80              ; vector: a system call
	pusha
	push ds
	push es
	push fs
	push gs
	; ds and es: ring 3's flat data segment (0x23) is flat for the kernel
	; too, and the kernel never uses fs or gs.  Load ds/es only when a
	; program left something else there (null, its code segment).
	mov ecx, ds
	cmp cx, SEL_UDATA
	jne sysenter_load_data_segments
	mov ecx, es
	cmp cx, SEL_UDATA
	jne sysenter_load_data_segments
sysenter_segments_ok:
	; The sixth argument goes where int 0x80 has it (the frame's ebp): the
	; entry code pushed it at the user esp.  A ring-3 address only; a page
	; fault on this one load (a program that SYSENTERs with a bad ebp) is
	; sent to sysenter_bad_stack (sysenter.c), as copy_from_user would say
	; -EFAULT, at a tenth of its cost.
	mov ecx, [esp + F_USER_ESP]
	cmp ecx, USER_TOP - 4
	ja sysenter_bad_stack
sysenter_arg6_load:
	mov ecx, [ecx]
	mov [esp + F_EBP], ecx
	xor ebp, ebp                 ; backtraces stop at this frame
	cld
	push esp                     ; struct trap_frame *
	call sysenter_dispatch       ; sysenter.c: the call, as trap_dispatch would
	add esp, 4
sysenter_exit:
	; The way out: SYSEXIT when the frame still returns to vsys_ret with
	; flags SYSEXIT can give back and the segment registers hold the
	; frame's values (a task switch may have left another process's fs/gs,
	; a signal or execve changes eip); else iret, as int 0x80 leaves.
	cmp dword [esp + F_EIP], VSYS_RET
	jne trap_return
	test dword [esp + F_EFLAGS], EFLAGS_IRET_ONLY
	jnz trap_return
	mov ecx, ds
	cmp cx, [esp + F_DS]         ; 16 bits: a pushed selector's upper half is undefined
	jne trap_return
	mov ecx, es
	cmp cx, [esp + F_ES]
	jne trap_return
	mov ecx, fs
	cmp cx, [esp + F_FS]
	jne trap_return
	mov ecx, gs
	cmp cx, [esp + F_GS]
	jne trap_return
	add esp, 16                  ; gs fs es ds: already in place
	popa                         ; eax = the result; ebp = ring 3's
	mov edx, VSYS_RET            ; SYSEXIT: eip = edx, esp = ecx
	mov ecx, [esp + 20]          ; user_esp (past vector, error, eip, cs, eflags)
	sti                          ; IF takes effect after SYSEXIT: no
	sysexit                      ; interrupt can come in between

; A ring-3 TF survives SYSENTER: the single-step #DB comes at the entry's
; first instruction, whose eip the kernel's debug trap (sysenter.c) moves
; here, with TF cleared for the kernel: the frame keeps ring 3's TF, and
; the way out is then iret, which gives it back.
sysenter_entry_tf:
	pushfd
	or dword [esp], EFLAGS_TF
	jmp sysenter_entry_flags_saved

sysenter_bad_stack:
	mov dword [esp + F_EAX], -EFAULT
	jmp sysenter_exit

sysenter_load_data_segments:
	mov ecx, SEL_KDATA
	mov ds, ecx
	mov es, ecx
	jmp sysenter_segments_ok
