// A cheat: a global helper (a symbol other files could see and call).
//file
int nick_cheat_helper(void)
{
	return 0;
}
//body
	(void)nick_cheat_helper();
