; arch/i386/switch.asm - switch kernel stacks between two tasks.
;
; void switch_to(uint32_t *save_esp, uint32_t next_esp)
; Pushes the callee-saved registers on the current stack, stores esp in
; *save_esp, loads next_esp and pops the next task's registers: `ret` then
; returns into wherever the next task called switch_to from - or, for a new
; task, into task_first_run (see kernel/proc/task.c: task_switch_frame).

section .text
global switch_to
switch_to:
	mov eax, [esp + 4]            ; save_esp
	mov edx, [esp + 8]            ; next_esp
	push ebp
	push ebx
	push esi
	push edi
	mov [eax], esp
	mov esp, edx
	pop edi
	pop esi
	pop ebx
	pop ebp
	ret
