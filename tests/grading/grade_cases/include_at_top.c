// A cheat: the teacher's file included at the top (outside the functions:
// not taken, the stub is graded).
//file
#include "@ROOT@/@SOURCE@"
