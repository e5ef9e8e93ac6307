// A cheat: a pragma (turns warnings off, or worse) through _Pragma.
//body
	_Pragma("GCC diagnostic ignored \"-Wall\"")
