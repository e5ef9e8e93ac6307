/*
 * test_cmdline_fuzz.c - thousands of seeded random and nasty command lines
 * through the parser (kernel/boot/cmdline.c), built with AddressSanitizer and
 * UBSan (mk/unit.mk): no crash, no read or write out of bounds, every
 * field in range whatever the input, and a line of only bad words leaves
 * every setting at its default, with one report per word.
 * A failure prints the seed and the line number, so it replays.
 */
#include "unit.h"
#include "boot/cmdline.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SEED 20261203u
#define LINES 4000
#define MAX_LINE 4096

static uint32_t rng;

static uint32_t next(void)              /* xorshift32 */
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static uint32_t below(uint32_t n) { return next() % n; }

static int reports;
static void count_report(const char *msg) { (void)msg; reports++; }

static const char *const int_keys[] = { "hogs", "run", "stats", "trace", "rr_slice",
	"cache_decay", "check", "selftest", "bench", "max_tasks", "pin" };
static const char *const choice_keys[] = { "policy", "demo", "crash", "mmap" };
static const char *const bad_ints[] = { "x", "1x", "+", "-", "--1", "99999999999",
	"-99999999999", "1.5", "0x10", "1e3", "=", "==" };
static const char *const bad_nice[] = { ",", "1,,2", "1,", ",1", "20", "-21", "a",
	"0,5,10,19,0,5,10,19,0,5,10,19,0,5,10,19,0", "99999999999", "1=2" };
static const char *const good_words[] = { "policy=o1", "policy=rr", "demo=none",
	"hogs=3", "nice=0,5,10", "run=5", "stats=100", "trace=1", "init=hello",
	"rr_slice=50", "check=1", "max_tasks=8", "pin=0", "crash=ud", "mmap=ignore" };

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* len random bytes that are neither NUL, space nor tab. */
static void random_bytes(char *w, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		char c;
		do
			c = (char)(1 + below(255));
		while (c == ' ' || c == '\t');
		w[i] = c;
	}
	w[len] = 0;
}

/* One word the parser must reject; never "--" (that one is not a word). */
static void bad_word(char *w, size_t room)
{
	char junk[64];

	random_bytes(junk, 1 + below(20));
	junk[0] = (char)(0x80 | below(0x80));        /* never a key's first letter */
	switch (below(9)) {
	case 0: snprintf(w, room, "%s", junk);
		if (!strchr(w, '='))
			break;
		/* it had an '=': make it a surely unknown key */
		/* fall through */
	case 1: snprintf(w, room, "%s=%s", junk, junk + 1); break;
	case 2: snprintf(w, room, "%s", below(2) ? "=" : "=="); break;
	case 3: snprintf(w, room, "%s=%s", int_keys[below(N(int_keys))],
			 bad_ints[below(N(bad_ints))]); break;
	case 4: snprintf(w, room, "%s=Z%s", choice_keys[below(N(choice_keys))], junk); break;
	case 5: snprintf(w, room, "nice=%s", bad_nice[below(N(bad_nice))]); break;
	case 6: snprintf(w, room, "%s=", below(2) ? "policy" : "init"); break;
	case 7: snprintf(w, room, "%s", below(2) ? "POLICY=nick" : "policyy=o1"); break;
	default: {                                       /* a long word */
		size_t len = 33 + below(room > 1100 ? 1000 : (unsigned)room - 40);
		memcpy(w, "init=", 5);
		memset(w + 5, 'a' + (int)below(26), len);
		w[5 + len] = 0;
		break;
	}
	}
}

/* Every field in range and every string ends inside its array. */
static int sane(const struct boot_args *a, const char *line, size_t size)
{
	int i;

	if (!memchr(a->policy, 0, sizeof(a->policy)) || !memchr(a->demo, 0, sizeof(a->demo)) ||
	    !memchr(a->init, 0, sizeof(a->init)) || !memchr(a->crash, 0, sizeof(a->crash)) ||
	    !memchr(a->mmap, 0, sizeof(a->mmap)))
		return 0;
	if (strcmp(a->policy, "nick") && strcmp(a->policy, "o1") && strcmp(a->policy, "rr") &&
	    strcmp(a->policy, "mine"))
		return 0;
	if (a->hogs < -1 || a->hogs > 64 || a->nr_nice < 0 || a->nr_nice > MAX_NICE_LIST ||
	    a->run_s < 0 || a->max_tasks < 8 || a->max_tasks > 4096 || a->pin < -1 ||
	    a->argc < 0 || a->argc > MAX_INIT_ARGS)
		return 0;
	for (i = 0; i < a->nr_nice; i++)
		if (a->nice[i] < -20 || a->nice[i] > 19)
			return 0;
	for (i = 0; i < a->argc; i++)
		if (a->argv[i] < line || a->argv[i] >= line + size)
			return 0;
	return 1;
}

/* A line of the kernel's file name and `words` bad words, in a buffer
 * exactly its size (so ASan sees any read past the end). */
static char *bad_line(int words, size_t *size)
{
	char *text = malloc(MAX_LINE + 1), *line, w[1200];
	size_t len = (size_t)snprintf(text, MAX_LINE, "/boot/nickel.elf");
	int i;

	for (i = 0; i < words; i++) {
		bad_word(w, sizeof(w));
		if (len + 1 + strlen(w) >= MAX_LINE)
			break;
		text[len++] = below(4) ? ' ' : '\t';
		strcpy(text + len, w);
		len += strlen(w);
	}
	*size = len + 1;
	line = malloc(*size);
	memcpy(line, text, *size);
	free(text);
	return line;
}

static int words_in(const char *line)
{
	int n = 0, in = 0;

	for (; *line; line++) {
		int sep = *line == ' ' || *line == '\t';
		n += !sep && !in;
		in = !sep;
	}
	return n;
}

UNIT_TEST(only_bad_words_keep_every_default_and_are_each_reported)
{
	struct boot_args defaults, a;
	int i;

	rng = SEED;
	boot_args_defaults(&defaults);
	for (i = 0; i < LINES; i++) {
		size_t size;
		char *line = bad_line(1 + (int)below(i % 10 == 0 ? 400 : 12), &size);
		int words = words_in(line) - 1, bad;

		boot_args_defaults(&a);
		reports = 0;
		bad = cmdline_parse(&a, line, count_report);
		free(line);
		if (memcmp(&a, &defaults, sizeof(a)) != 0 || bad != words || reports != words) {
			unit_fail(__FILE__, __LINE__, "seed %u line %d: %d words, %d bad, %d "
				  "reports, defaults %s", SEED, i, words, bad, reports,
				  memcmp(&a, &defaults, sizeof(a)) ? "changed" : "kept");
			return;
		}
	}
}

UNIT_TEST(random_lines_never_break_the_parser)
{
	struct boot_args a;
	int i;

	rng = SEED + 1;
	for (i = 0; i < LINES; i++) {
		size_t len = 0, size;
		char *line = malloc(MAX_LINE + 1), w[MAX_LINE];

		while (len < MAX_LINE - 1 && below(40)) {
			switch (below(5)) {
			case 0: random_bytes(w, 1 + below(30)); break;
			case 1: bad_word(w, sizeof(w)); break;
			case 2: strcpy(w, good_words[below(N(good_words))]); break;
			case 3: strcpy(w, below(2) ? "--" : "-- --"); break;
			default: random_bytes(w, below(2) ? 1 : 3000); break;
			}
			if (len + strlen(w) + 1 >= MAX_LINE)
				break;
			memcpy(line + len, w, strlen(w));
			len += strlen(w);
			line[len++] = ' ';
		}
		line[len] = 0;
		size = len + 1;
		boot_args_defaults(&a);
		cmdline_parse(&a, line, count_report);
		if (!sane(&a, line, size)) {
			unit_fail(__FILE__, __LINE__, "seed %u line %d: a field out of range",
				  SEED + 1, i);
			free(line);
			return;
		}
		free(line);
	}
}

static int parse(struct boot_args *a, const char *text, char *buf, size_t n)
{
	strncpy(buf, text, n - 1);
	buf[n - 1] = 0;
	boot_args_defaults(a);
	reports = 0;
	return cmdline_parse(a, buf, count_report);
}

UNIT_TEST(repeated_keys_last_good_value_wins)
{
	struct boot_args a;
	char buf[128];

	CHECK_EQ(2, parse(&a, "k run=1 run=2 run=x run=-3", buf, sizeof(buf)));
	CHECK_EQ(2, a.run_s);
	CHECK_EQ(1, parse(&a, "k policy=o1 policy=bogus", buf, sizeof(buf)));
	CHECK(!strcmp(a.policy, "o1"));
}

UNIT_TEST(double_dash_edge_cases)
{
	struct boot_args a;
	char buf[512];
	int i;

	CHECK_EQ(0, parse(&a, "-- a b", buf, sizeof(buf)));   /* "--" first: not a file name */
	CHECK_EQ(2, a.argc);
	CHECK_EQ(0, parse(&a, "k --", buf, sizeof(buf)));
	CHECK_EQ(0, a.argc);
	CHECK_EQ(0, parse(&a, "k -- -- run=3", buf, sizeof(buf)));
	CHECK_EQ(2, a.argc);
	CHECK(!strcmp(a.argv[0], "--"));
	CHECK_EQ(0, a.run_s);                                  /* init's, not ours */
	CHECK_EQ(1, parse(&a, "k --x", buf, sizeof(buf)));
	char many[128] = "k --";

	for (i = 0; i < 20; i++)
		strcat(many, " w");
	CHECK_EQ(0, parse(&a, many, buf, sizeof(buf)));
	CHECK_EQ(MAX_INIT_ARGS, a.argc);
}

UNIT_TEST(empty_and_blank_lines_change_nothing)
{
	struct boot_args defaults, a;
	char buf[64];

	boot_args_defaults(&defaults);
	CHECK_EQ(0, parse(&a, "", buf, sizeof(buf)));
	CHECK(!memcmp(&a, &defaults, sizeof(a)));
	CHECK_EQ(0, parse(&a, " \t \t ", buf, sizeof(buf)));
	CHECK(!memcmp(&a, &defaults, sizeof(a)));
}
