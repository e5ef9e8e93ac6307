// A cheat: the teacher's file included inside the body.
//body
#include "../../../../@SOURCE@"
