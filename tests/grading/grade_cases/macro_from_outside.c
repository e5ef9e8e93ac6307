// A cheat: a macro defined outside the functions, used in the body.
//file
#define CHEAT() __asm__("hlt")
//body
	CHEAT();
