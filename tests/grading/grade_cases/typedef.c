// typedef is not taken (as before).
//body
	typedef int myint;
	(void)(myint)0;
