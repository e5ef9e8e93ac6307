// A cheat: exit() called without a declaration.
//body
	exit(0);
