/* start.c - C side of crt0: environ, constructors, main, exit. */
#include <stdlib.h>

extern char **environ;
extern int main(int argc, char **argv, char **envp);
extern void __libc_init_array(void);
extern void __libc_fini_array(void);

void __nickel_start(int argc, char **argv, char **envp) __attribute__((noreturn));

void __nickel_start(int argc, char **argv, char **envp)
{
	environ = envp;
	atexit(__libc_fini_array);
	__libc_init_array();
	exit(main(argc, argv, envp));
}
