// statdump.js - read nickel's stat dumps (`=== stats ... === end`) from the
// serial line, by the rules of tools/lib/traces/nickel_log.py (formats:
// docs/contract.md).  The page feeds it bytes as they come; the tests give
// it whole logs.

const KV = /(\w+)=(\S*)/g;

export class LogError extends Error {
  constructor(msg, lineno) {
    super(msg);
    this.lineno = lineno;
  }
}

/* 'task pid=1 name=x' -> {pid: 1, name: 'x'}: a value that is a whole
 * decimal integer (as Python's int() takes it) becomes a number. */
export function parseKv(line) {
  const out = {};
  for (const [, k, v] of line.matchAll(KV))
    out[k] = /^\s*[+-]?\d+(_\d+)*\s*$/.test(v) ? Number(v.replace(/_/g, "")) : v;
  return out;
}

/* One dump: header (the `=== stats` line's keys), cpus, tasks, lats. */
export class StatDump {
  constructor(header) {
    this.header = header;
    this.cpus = [];
    this.tasks = [];
    this.lats = [];
  }

  task({ pid, name } = {}) {
    return this.tasks.find((t) => (pid === undefined || t.pid === pid) &&
                                  (name === undefined || t.name === name)) ?? null;
  }

  get(key) {
    return this.header[key];
  }
}

/* Reads a log line by line; onDump(dump) for every complete dump.  strict:
 * a dump inside a dump or an end without a start throws LogError (as
 * nickel_log.stat_dumps); otherwise such a line is passed over. */
export class StatDumpReader {
  constructor(onDump, strict = true) {
    this.onDump = onDump;
    this.strict = strict;
    this.cur = null;
    this.lineno = 0;
    this.partial = "";
  }

  line(raw) {
    const line = raw.replace(/^\r+|\r+$/g, "");
    this.lineno++;
    if (line.startsWith("=== stats")) {
      if (this.cur !== null && this.strict)
        throw new LogError(`line ${this.lineno}: stat dump inside another`, this.lineno);
      this.cur = new StatDump(parseKv(line));
    } else if (line.startsWith("=== end")) {
      if (this.cur === null) {
        if (this.strict)
          throw new LogError(`line ${this.lineno}: '=== end' without '=== stats'`, this.lineno);
        return;
      }
      const dump = this.cur;
      this.cur = null;
      this.onDump(dump);
    } else if (this.cur !== null) {
      const kind = line.split(" ", 1)[0];
      if (kind === "cpu") this.cur.cpus.push(parseKv(line));
      else if (kind === "task") this.cur.tasks.push(parseKv(line));
      else if (kind === "lat") this.cur.lats.push(parseKv(line));
    }
  }

  /* Text as it arrives (any cut); whole lines are read, the rest kept. */
  feed(text) {
    const lines = (this.partial + text).split("\n");
    this.partial = lines.pop();
    for (const l of lines) this.line(l);
  }

  /* The log is over: a dump still open is a truncated log (strict). */
  end() {
    if (this.partial) this.line(this.partial);
    this.partial = "";
    if (this.cur !== null && this.strict)
      throw new LogError("log ends inside a stat dump (truncated?)", this.lineno);
  }
}

/* Every complete stat dump in `text`, in order (nickel_log.stat_dumps). */
export function statDumps(text, strict = true) {
  const dumps = [];
  const r = new StatDumpReader((d) => dumps.push(d), strict);
  // The line ends of Python's str.splitlines().
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  for (const l of lines) r.line(l);
  r.end();
  return dumps;
}

/* CPU share of each task between two dumps, in percent of one CPU:
 * 100 * delta run_ms / delta uptime_ms, keyed by pid (nickel_log.shares).
 * names: only the tasks with one of these names. */
export function shares(first, last, names = null) {
  const dt = last.get("uptime_ms") - first.get("uptime_ms");
  const out = new Map();
  for (const t of last.tasks) {
    if (names && !names.includes(t.name)) continue;
    const t0 = first.task({ pid: t.pid });
    if (t0 === null || dt <= 0) continue;
    out.set(t.pid, (100 * (t.run_ms - t0.run_ms)) / dt);
  }
  return out;
}
