// A file-scope variable: state kept between calls is not taken.
//file
static int calls;
//body
	calls++;
