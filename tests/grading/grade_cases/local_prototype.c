// A cheat: a libc function declared inside the body (no `extern` spelled).
//body
	int getpid(void);
	(void)getpid();
