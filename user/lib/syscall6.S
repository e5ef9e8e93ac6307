/*
 * long syscall6(long n, long a1, long a2, long a3, long a4, long a5, long a6)
 * Linux i386: number in eax, arguments in ebx ecx edx esi edi ebp; result in
 * eax (-errno on failure).  ebx esi edi ebp are callee-saved in the i386 ABI.
 *
 * __nk_sysinfo: where every call goes (nickel.h): the kernel's fast entry
 * from AT_SYSINFO (start.c), until then __nk_int80.
 */
	.data
	.globl	__nk_sysinfo
	.balign	4
__nk_sysinfo:
	.long	__nk_int80

	.text
	.globl	__nk_int80
	.type	__nk_int80, @function
__nk_int80:
	int	$0x80
	ret
	.size	__nk_int80, . - __nk_int80

	.text
	.globl	syscall6
	.type	syscall6, @function
syscall6:
	pushl	%ebp
	pushl	%edi
	pushl	%esi
	pushl	%ebx
	movl	20(%esp), %eax		/* 4 saved regs + return address = 20 */
	movl	24(%esp), %ebx
	movl	28(%esp), %ecx
	movl	32(%esp), %edx
	movl	36(%esp), %esi
	movl	40(%esp), %edi
	movl	44(%esp), %ebp
	call	*__nk_sysinfo
	popl	%ebx
	popl	%esi
	popl	%edi
	popl	%ebp
	ret
	.size	syscall6, . - syscall6

	.section .note.GNU-stack,"",@progbits
