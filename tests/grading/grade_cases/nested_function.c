// A cheat: a GNU nested function (gcc takes it, clang does not).
//body
	int inner(void) { return 1; }
	(void)inner();
