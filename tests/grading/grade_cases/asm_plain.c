// A cheat: plain asm, an exit(0) system call on i386.
//body
	asm("movl $1, %eax; xorl %ebx, %ebx; int $0x80");
