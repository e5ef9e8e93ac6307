// A cheat: a constructor helper that would run before the test's main().
//file
static void __attribute__((constructor)) early(void)
{
}
