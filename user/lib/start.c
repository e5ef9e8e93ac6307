/* start.c - C side of crt0: environ, constructors, main, exit. */
#include <stdlib.h>
#include "nickel.h"

extern char **environ;
extern int main(int argc, char **argv, char **envp);
extern void __libc_init_array(void);
extern void __libc_fini_array(void);

void __nickel_start(int argc, char **argv, char **envp) __attribute__((noreturn));

/* The auxiliary vector follows envp's NULL: take the fast system call
 * entry if the kernel offers one (AT_SYSINFO; nickel.h). */
static void find_sysinfo(char **envp)
{
	unsigned long *aux;

	while (*envp)
		envp++;
	for (aux = (unsigned long *)(envp + 1); aux[0]; aux += 2)
		if (aux[0] == NK_AT_SYSINFO && aux[1])
			__nk_sysinfo = (long (*)(void))aux[1];
}

void __nickel_start(int argc, char **argv, char **envp)
{
	find_sysinfo(envp);
	environ = envp;
	atexit(__libc_fini_array);
	__libc_init_array();
	exit(main(argc, argv, envp));
}
