/*
 * workload.c - read a workload: one line per task group (README.md, "Workload
 * files").  `set NAME=VALUE` declares a variable with its default; a value
 * written `$NAME` is replaced by it; the command line may override a declared
 * variable (hogs=8), which is how the kernel demos' knobs reach the file.
 */
#include "sim.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VARS 32

struct wl_var {
	char name[32];
	char value[256];
	bool from_cmdline;
	bool declared;                 /* the workload has `set NAME=` */
};

static struct wl_var vars[MAX_VARS];
static int nvars;

static struct wl_var *find_var(const char *name)
{
	int i;

	for (i = 0; i < nvars; i++)
		if (!strcmp(vars[i].name, name))
			return &vars[i];
	return NULL;
}

bool wl_has_var(const char *name)
{
	return find_var(name) != NULL;
}

bool wl_declared(const char *name)
{
	struct wl_var *v = find_var(name);

	return v && v->declared;
}

/* A command-line value wins over the file's default. */
int wl_set_var(const char *name, const char *value, bool from_cmdline)
{
	struct wl_var *v = find_var(name);

	if (!v) {
		if (nvars == MAX_VARS || strlen(name) >= sizeof(v->name))
			return -1;
		v = &vars[nvars++];
		snprintf(v->name, sizeof(v->name), "%s", name);
	}
	if (!from_cmdline)
		v->declared = true;
	if (v->from_cmdline && !from_cmdline)
		return 0;
	if (strlen(value) >= sizeof(v->value))
		return -1;
	snprintf(v->value, sizeof(v->value), "%s", value);
	v->from_cmdline = from_cmdline;
	return 0;
}

/* "0,5,-3" -> values; returns the count or -1. */
static int parse_int_list(const char *s, int *out, int max)
{
	int n = 0;
	char *end;

	while (*s) {
		long v = strtol(s, &end, 10);

		if (end == s || n == max)
			return -1;
		out[n++] = (int)v;
		s = end;
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return n;
}

/* "0,2-3" -> CPU bit mask; 0 on a syntax error. */
static sched_cpumask_t parse_cpu_list(const char *s)
{
	sched_cpumask_t mask = 0;
	char *end;

	while (*s) {
		long a = strtol(s, &end, 10), b;

		if (end == s || a < 0 || a >= NR_CPUS_MAX)
			return 0;
		b = a;
		s = end;
		if (*s == '-') {
			b = strtol(s + 1, &end, 10);
			if (end == s + 1 || b < a || b >= NR_CPUS_MAX)
				return 0;
			s = end;
		}
		for (; a <= b; a++)
			mask |= SCHED_CPU_BIT(a);
		if (*s == ',')
			s++;
		else if (*s)
			return 0;
	}
	return mask;
}

static bool parse_u32(const char *s, uint32_t *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (end == s || *end || v > 0xffffffffUL)
		return false;
	*out = (uint32_t)v;
	return true;
}

static const struct {
	const char *word;
	enum sim_kind kind;
	const char *default_name;
} kinds[] = {
	{ "hog", K_HOG, "hog" },
	{ "periodic", K_PERIODIC, "periodic" },
	{ "xserver", K_XSERVER, "xserver" },
	{ "xclient", K_XCLIENT, "xclient" },
	{ "compile", K_MAKE, "compile" },
	{ "sleeper", K_SLEEPER, "sleeper" },
};

/* Defaults that make a bare "kind" line useful. */
static void group_defaults(struct sim_group *g, int k)
{
	memset(g, 0, sizeof(*g));
	g->kind = kinds[k].kind;
	snprintf(g->name, sizeof(g->name), "%s", kinds[k].default_name);
	g->count = -1;                 /* unset: nice list length, else 1 */
	g->cpu = 0;                    /* the kernel starts its threads on CPU 0 */
	g->run_us = 1000;
	g->period_us = 20000;
	g->work_us = 1000;
	g->think_us = 10;
	g->sleep_ms = 1000;
	g->jobs = 4;
	g->burst_us = 30000;
	g->chunks = 1;
	snprintf(g->server, sizeof(g->server), "xserver");
	g->lat = g->kind == K_PERIODIC || g->kind == K_XSERVER || g->kind == K_XCLIENT;
}

/* One key=value of a group line; false with err set on a bad one. */
static bool group_key(struct sim_group *g, const char *key, const char *val,
		      char *err, size_t n)
{
	uint32_t u = 0;
	bool num = parse_u32(val, &u);

	if (!strcmp(key, "name"))
		snprintf(g->name, sizeof(g->name), "%s", val);
	else if (!strcmp(key, "server"))
		snprintf(g->server, sizeof(g->server), "%s", val);
	else if (!strcmp(key, "parent"))
		snprintf(g->parent, sizeof(g->parent), "%s", val);
	else if (!strcmp(key, "nice")) {
		g->nnice = parse_int_list(val, g->nice, SIM_MAX_NICE);
		if (g->nnice <= 0)
			goto bad;
	} else if (!strcmp(key, "affinity")) {
		g->affinity = parse_cpu_list(val);
		if (!g->affinity)
			goto bad;
	} else if (!strcmp(key, "cpu")) {
		if (!strcmp(val, "rr"))
			g->cpu = -1;
		else if (num && u < NR_CPUS_MAX)
			g->cpu = (int)u;
		else
			goto bad;
	} else if (!num) {
		goto bad;
	} else if (!strcmp(key, "count")) g->count = (int)u;
	else if (!strcmp(key, "run_us")) g->run_us = u;
	else if (!strcmp(key, "run_ms")) g->run_us = u * 1000;
	else if (!strcmp(key, "period_us")) g->period_us = u;
	else if (!strcmp(key, "period_ms")) g->period_us = u * 1000;
	else if (!strcmp(key, "work_us")) g->work_us = u;
	else if (!strcmp(key, "think_us")) g->think_us = u;
	else if (!strcmp(key, "wait_us")) g->wait_us = u;
	else if (!strcmp(key, "sleep_ms")) g->sleep_ms = u;
	else if (!strcmp(key, "jobs")) g->jobs = u;
	else if (!strcmp(key, "burst_ms")) g->burst_us = u * 1000;
	else if (!strcmp(key, "burst_us")) g->burst_us = u;
	else if (!strcmp(key, "io_ms")) g->io_us = u * 1000;
	else if (!strcmp(key, "chunks")) g->chunks = u ? u : 1;
	else if (!strcmp(key, "jitter_pct")) g->jitter_pct = u > 100 ? 100 : u;
	else if (!strcmp(key, "lat")) g->lat = u != 0;
	else {
		snprintf(err, n, "unknown key '%s'", key);
		return false;
	}
	return true;
bad:
	snprintf(err, n, "bad value '%s=%s'", key, val);
	return false;
}

/* Replace a "$NAME" value by the variable. */
static const char *expand(const char *val, char *err, size_t n)
{
	struct wl_var *v;

	if (val[0] != '$')
		return val;
	v = find_var(val + 1);
	if (!v) {
		snprintf(err, n, "undefined variable '%s'", val);
		return NULL;
	}
	return v->value;
}

static bool group_check(struct sim_group *g, char *err, size_t n)
{
	if (g->count < 0)
		g->count = g->nnice > 1 ? g->nnice : 1;
	if (g->kind == K_MAKE && g->count > 1) {
		snprintf(err, n, "compile: one make per line (use jobs=)");
		return false;
	}
	if ((g->kind == K_PERIODIC || g->kind == K_XCLIENT) && g->period_us == 0) {
		snprintf(err, n, "period must be > 0");
		return false;
	}
	if (g->run_us == 0 || g->work_us == 0 || g->think_us == 0 || g->burst_us == 0) {
		snprintf(err, n, "CPU bursts must be > 0 us");
		return false;
	}
	return true;
}

/* One line: "set NAME=V", "KIND key=value ...", blank or # comment. */
static bool parse_line(char *line, struct sim_group **tail, char *err, size_t n)
{
	char *save = NULL, *word = strtok_r(line, " \t\r\n", &save), *tok;
	struct sim_group *g;
	size_t k;

	if (!word || word[0] == '#')
		return true;
	if (!strcmp(word, "set")) {
		while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
			char *eq = strchr(tok, '=');

			if (!eq) {
				snprintf(err, n, "set: '%s' is not NAME=VALUE", tok);
				return false;
			}
			*eq = 0;
			if (wl_set_var(tok, eq + 1, false)) {
				snprintf(err, n, "set: too many variables");
				return false;
			}
		}
		return true;
	}
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		if (!strcmp(word, kinds[k].word))
			break;
	if (k == sizeof(kinds) / sizeof(kinds[0])) {
		snprintf(err, n, "unknown task kind '%s'", word);
		return false;
	}
	g = malloc(sizeof(*g));
	group_defaults(g, (int)k);
	while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
		char *eq = strchr(tok, '=');
		const char *val;

		if (tok[0] == '#')
			break;
		if (!eq) {
			snprintf(err, n, "'%s' is not key=value", tok);
			return false;
		}
		*eq = 0;
		val = expand(eq + 1, err, n);
		if (!val || !group_key(g, tok, val, err, n))
			return false;
	}
	if (!group_check(g, err, n))
		return false;
	*tail = g;
	return true;
}

/* xclients find their server group by name. */
static bool link_servers(struct sim_group *groups, char *err, size_t n)
{
	struct sim_group *g, *s;

	for (g = groups; g; g = g->next) {
		if (g->kind != K_XCLIENT)
			continue;
		for (s = groups; s; s = s->next)
			if (s->kind == K_XSERVER && !strcmp(s->name, g->server))
				break;
		if (!s || s->count != 1) {
			snprintf(err, n, "xclient %s: no single xserver named '%s'",
				 g->name, g->server);
			return false;
		}
		g->server_group = s;
	}
	return true;
}

/* parent=NAME: a single-task group declared earlier, which forks this
 * group's tasks at start (sim_setup). */
static bool link_parents(struct sim_group *groups, char *err, size_t n)
{
	struct sim_group *g, *s;

	for (g = groups; g; g = g->next) {
		if (!g->parent[0])
			continue;
		for (s = groups; s != g; s = s->next)
			if (!strcmp(s->name, g->parent))
				break;
		if (s == g || s->count != 1 || s->parent[0]) {
			snprintf(err, n, "%s: parent '%s' must be a single, not forked task "
				 "declared before it", g->name, g->parent);
			return false;
		}
		g->parent_group = s;
	}
	return true;
}

struct sim_group *wl_parse_text(const char *text, const char *what, char *err, size_t n)
{
	struct sim_group *head = NULL, **tail = &head;
	char *copy = strdup(text), *line, *save = NULL;
	int lineno = 0;
	char why[200];

	/* strtok_r on "\n" would skip blank lines and miscount: split by hand */
	for (line = copy; line; line = save) {
		save = strchr(line, '\n');
		if (save)
			*save++ = 0;
		lineno++;
		why[0] = 0;
		if (!parse_line(line, tail, why, sizeof(why))) {
			snprintf(err, n, "%s:%d: %s", what, lineno, why);
			free(copy);
			return NULL;
		}
		while (*tail)
			tail = &(*tail)->next;
	}
	free(copy);
	if (!head) {
		snprintf(err, n, "%s: no task groups", what);
		return NULL;
	}
	if (!link_servers(head, err, n) || !link_parents(head, err, n))
		return NULL;
	return head;
}

struct sim_group *wl_parse_file(const char *path, char *err, size_t n)
{
	FILE *f = fopen(path, "r");
	struct sim_group *g;
	char *text;
	long len;

	if (!f) {
		snprintf(err, n, "%s: cannot open", path);
		return NULL;
	}
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = calloc(1, (size_t)len + 1);
	if (fread(text, 1, (size_t)len, f) != (size_t)len) {
		snprintf(err, n, "%s: read error", path);
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	g = wl_parse_text(text, path, err, n);
	free(text);
	return g;
}
