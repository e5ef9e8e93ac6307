/*
 * cmdline.c - parse the kernel command line into struct boot_args.
 * Each key has one entry in `keys` below, saying how its value is checked.
 */
#include "boot/cmdline.h"
#include "lib/string.h"
#include <stddef.h>

struct boot_args boot_args;

enum kind { INT, CHOICE, NICE_LIST, NAME };

struct key {
	const char *name;
	enum kind kind;
	size_t offset;           /* in struct boot_args */
	int min, max;            /* INT range; NAME: buffer size in max */
	const char *choices;     /* CHOICE: space-separated */
};

#define OFF(f) offsetof(struct boot_args, f)
static const struct key keys[] = {
	{ "policy",      CHOICE,    OFF(policy), 0, 8, "nick o1 rr mine cfs starve" },
	{ "demo",        CHOICE,    OFF(demo), 0, 16,
	  "desktop hogs nice compile abuse fuzz storm none" },
	{ "hogs",        INT,       OFF(hogs), 0, 64, 0 },
	{ "nice",        NICE_LIST, OFF(nice), -20, 19, 0 },
	{ "run",         INT,       OFF(run_s), 0, 86400, 0 },
	{ "stats",       INT,       OFF(stats_ms), 0, 3600000, 0 },
	{ "trace",       INT,       OFF(trace), 0, 1, 0 },
	{ "init",        NAME,      OFF(init), 0, 32, 0 },
	{ "rr_slice",    INT,       OFF(rr_slice), 1, 10000, 0 },
	{ "cache_decay", INT,       OFF(cache_decay), 0, 1000, 0 },
	{ "watchdog",    INT,       OFF(watchdog_ms), 0, 3600000, 0 },
	{ "crash",       CHOICE,    OFF(crash), 0, 8, "ud pf gp de hang hang0 late pages df kstack cr3 sleep" },
	{ "check",       INT,       OFF(check), 0, 1, 0 },
	{ "selftest",    INT,       OFF(selftest), 0, 1, 0 },
	{ "bench",       INT,       OFF(bench), 0, 1, 0 },
	{ "max_tasks",   INT,       OFF(max_tasks), 8, 4096, 0 },
	{ "pin",         INT,       OFF(pin), 0, 63, 0 },
	{ "mmap",        CHOICE,    OFF(mmap), 0, 8, "use ignore" },
	{ "seed",        INT,       OFF(seed), 0, 999999999, 0 },
	{ "apic",        CHOICE,    OFF(apic), 0, 8, "auto x2 xapic" },
	{ "reboot",      INT,       OFF(reboot), 0, 1, 0 },
	{ "busyhost",    INT,       OFF(busyhost), 0, 1, 0 },
	{ "dumpdelay",   INT,       OFF(dumpdelay), 0, 1000, 0 },
	{ "smp",         CHOICE,    OFF(smp), 0, 4, "on off" },
	{ "smpboot",     CHOICE,    OFF(smpboot), 0, 12, "parallel serial silent1" },
	{ "panel",       CHOICE,    OFF(panel), 0, 8, "screen serial" },
	{ "ipc",         CHOICE,    OFF(ipc), 0, 8, "queue handoff donate direct" },
	{ "xipc",        INT,       OFF(xipc), 0, 1, 0 },
	{ "kcov",        CHOICE,    OFF(kcov), 0, 4, "off all" },
};

void boot_args_defaults(struct boot_args *a)
{
	memset(a, 0, sizeof(*a));
	strncpy(a->policy, "nick", sizeof(a->policy));
	strncpy(a->smp, "on", sizeof(a->smp));
	strncpy(a->smpboot, "parallel", sizeof(a->smpboot));
	strncpy(a->panel, "screen", sizeof(a->panel));
	strncpy(a->ipc, "queue", sizeof(a->ipc));
	strncpy(a->kcov, "off", sizeof(a->kcov));
	a->hogs = -1;
	a->rr_slice = 100;
	a->cache_decay = -1;
	a->watchdog_ms = 5000;
	a->max_tasks = 256;
	a->pin = -1;
	a->seed = 1;
	strncpy(a->apic, "auto", sizeof(a->apic));
}

/* Decimal integer with an optional sign; 0 when `s` is not one. */
static int parse_int(const char *s, int *out)
{
	long v = 0;
	int neg = 0;

	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (!*s)
		return 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100000000)
			return 0;
		v = v * 10 + (*s - '0');
	}
	*out = (int)(neg ? -v : v);
	return 1;
}

static int is_choice(const char *choices, const char *v)
{
	size_t n = strlen(v);
	const char *c = choices;

	while (*c) {
		const char *end = strchr(c, ' ');
		size_t len = end ? (size_t)(end - c) : strlen(c);
		if (len == n && strncmp(c, v, n) == 0)
			return 1;
		c += len + (end ? 1 : 0);
	}
	return 0;
}

/* Check and store one value; NULL on success, else why it is bad. */
static const char *set_value(struct boot_args *a, const struct key *k,
			     const char *v, char *why, size_t whylen)
{
	char *field = (char *)a + k->offset;
	int n, list[MAX_NICE_LIST], count = 0;

	if (!*v)
		return "empty value";
	switch (k->kind) {
	case INT:
		if (!parse_int(v, &n))
			return "not a number";
		if (n < k->min || n > k->max) {
			snprintf(why, whylen, "out of range %d..%d", k->min, k->max);
			return why;
		}
		*(int *)field = n;
		return 0;
	case CHOICE:
		if (!is_choice(k->choices, v)) {
			snprintf(why, whylen, "must be one of: %s", k->choices);
			return why;
		}
		strncpy(field, v, k->max - 1);
		return 0;
	case NAME:
		if (strlen(v) >= (size_t)k->max)
			return "too long";
		strncpy(field, v, k->max - 1);
		return 0;
	case NICE_LIST:
		while (*v) {
			char num[8];
			const char *comma = strchr(v, ',');
			size_t len = comma ? (size_t)(comma - v) : strlen(v);
			if (count == MAX_NICE_LIST)
				return "more than 16 values";
			if (len == 0 || len >= sizeof(num))
				return "expected nice values like 0,5,10,19";
			memcpy(num, v, len);
			num[len] = 0;
			if (!parse_int(num, &n))
				return "expected nice values like 0,5,10,19";
			if (n < -20 || n > 19)
				return "a nice value is out of range -20..19";
			list[count++] = n;
			v += len + (comma ? 1 : 0);
			if (comma && !*v)
				return "trailing comma";
		}
		memcpy(a->nice, list, sizeof(list));
		a->nr_nice = count;
		return 0;
	}
	return "internal error";
}

static void report_bad(cmdline_report_fn report, const char *word, const char *why)
{
	char msg[200];

	snprintf(msg, sizeof(msg), "nickel: bad argument '%s': %s\n", word, why);
	report(msg);
}

static int parse_word(struct boot_args *a, char *word, cmdline_report_fn report)
{
	char *eq = strchr(word, '=');
	char why[96];
	const char *err = 0;
	size_t i, klen;

	if (!eq) {
		report_bad(report, word, "expected KEY=VALUE");
		return 1;
	}
	klen = (size_t)(eq - word);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strlen(keys[i].name) == klen && !strncmp(keys[i].name, word, klen))
			break;
	if (i == sizeof(keys) / sizeof(keys[0]))
		err = "unknown key";
	else
		err = set_value(a, &keys[i], eq + 1, why, sizeof(why));
	if (err) {
		report_bad(report, word, err);
		return 1;
	}
	return 0;
}

static char *next_word(char **p)
{
	char *s = *p, *w;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return 0;
	w = s;
	while (*s && *s != ' ' && *s != '\t')
		s++;
	if (*s)
		*s++ = 0;
	*p = s;
	return w;
}

int cmdline_parse(struct boot_args *a, char *line, cmdline_report_fn report)
{
	char *p = line, *w;
	int bad = 0, first = 1;

	while ((w = next_word(&p)) != 0) {
		/* Boot loaders put the kernel's file name first. */
		if (first && !strchr(w, '=') && strcmp(w, "--") != 0) {
			first = 0;
			continue;
		}
		first = 0;
		if (strcmp(w, "--") == 0) {
			while ((w = next_word(&p)) != 0 && a->argc < MAX_INIT_ARGS)
				a->argv[a->argc++] = w;
			break;
		}
		bad += parse_word(a, w, report);
	}
	return bad;
}
