; arch/i386/isr.asm - entry stubs for every interrupt vector.
;
; Each entry point makes the stack look the same (an error code, real or 0, then the
; vector number), saves the registers into a struct trap_frame
; (arch/i386/include/arch/trap.h) and calls trap_dispatch(frame).  trap_return is
; also where a new task's first trip to ring 3 starts.

SEL_KDATA equ 0x10

%macro STUB_NOERR 1
vec_%1:
	push dword 0
	push dword %1
	jmp trap_common
%endmacro

%macro STUB_ERR 1                ; the CPU pushed an error code already
vec_%1:
	push dword %1
	jmp trap_common
%endmacro

section .text
extern trap_dispatch

; Vectors with a CPU error code: 8, 10-14, 17, 21, 29, 30.
%assign v 0
%rep 256
%if v == 8 || (v >= 10 && v <= 14) || v == 17 || v == 21 || v == 29 || v == 30
	STUB_ERR v
%else
	STUB_NOERR v
%endif
%assign v v + 1
%endrep

trap_common:
	pusha
	push ds
	push es
	push fs
	push gs
	mov ax, SEL_KDATA
	mov ds, ax
	mov es, ax
	mov fs, ax
	mov gs, ax
	cld
	push esp                     ; struct trap_frame *
	call trap_dispatch
	add esp, 4
global trap_return
trap_return:
	pop gs
	pop fs
	pop es
	pop ds
	popa
	add esp, 8                   ; vector and error code
	iret

section .rodata
global trap_vectors
trap_vectors:                    ; table of entry-point addresses for idt.c
%assign v 0
%rep 256
	dd vec_ %+ v
%assign v v + 1
%endrep

section .text
; void trap_frame_enter(struct trap_frame *f): leave the kernel through f,
; as if returning from an interrupt (a new process's first trip to ring 3).
global trap_frame_enter
trap_frame_enter:
	mov esp, [esp + 4]
	jmp trap_return

; The double-fault task starts here (IDT vector 8 is a task gate; see
; double_fault.c): on its own stack, which holds the CPU's error code (0).
extern double_fault_report
global double_fault_entry
double_fault_entry:
	xor ebp, ebp                 ; ends the backtrace chain
	call double_fault_report     ; does not return
.stop:
	cli
	hlt
	jmp .stop
