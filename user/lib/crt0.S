/*
 * crt0.S - entry point of every nickel ring-3 program (static i386 ELF).
 *
 * The kernel (Linux, or nickel) enters _start at ring 3 with the System V i386
 * initial stack, all other registers unspecified (edx may hold an atexit
 * function on Linux; we ignore it):
 *
 *   esp ->  argc
 *           argv[0] ... argv[argc-1]
 *           NULL
 *           envp[0] ... envp[n-1]
 *           NULL
 *           auxv pairs (type, value) ... AT_NULL (0, 0)
 *           (the strings)
 *
 * We compute argv and envp, align the stack to 16 bytes (the i386 psABI for
 * SSE-using code) and call __nickel_start(argc, argv, envp) in start.c, which
 * never returns.
 */
	.text
	.globl	_start
	.type	_start, @function
_start:
	xorl	%ebp, %ebp		/* outermost frame for backtraces */
	movl	(%esp), %eax		/* argc */
	leal	4(%esp), %ecx		/* argv */
	leal	8(%esp,%eax,4), %edx	/* envp = argv + argc + 1 */
	andl	$-16, %esp
	subl	$4, %esp		/* 3 pushes + 4 = 16: aligned at the call */
	pushl	%edx
	pushl	%ecx
	pushl	%eax
	call	__nickel_start
	hlt				/* not reached (would fault: SIGSEGV) */
	.size	_start, . - _start

/* newlib's __libc_init_array / __libc_fini_array call _init / _fini (there is
 * no crti/crtn here; constructors go through .init_array, see user.ld). */
	.globl	_init
	.type	_init, @function
_init:
	ret
	.size	_init, . - _init
	.globl	_fini
	.type	_fini, @function
_fini:
	ret
	.size	_fini, . - _fini

	.section .note.GNU-stack,"",@progbits
