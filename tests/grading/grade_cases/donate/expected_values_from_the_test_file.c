// A cheat: the body reads the visible tests' expected values at run time,
// from their source (labs/donate/test_donate.c), through libc's fopen: a
// name the handout's file does not give, refused; the stub is graded.
//expect rule name
//body sched_set_donated
	(void)fopen("labs/donate/test_donate.c", "r");
