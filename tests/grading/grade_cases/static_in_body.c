// A static variable inside the body: state kept between calls is not
// taken inside a function either (only `static const`).
//body
	static int calls;
	calls++;
