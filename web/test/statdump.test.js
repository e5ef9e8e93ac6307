// statdump.test.js - the page's stat-dump parser reads logs as
// tools/lib/traces/nickel_log.py does: hand-made cases, then every log of
// tests/tools/data read by both and compared dump by dump.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseKv, statDumps, shares, StatDumpReader, LogError } from "../src/statdump.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DUMP = (up, runA, runB) => `=== stats jiffies=${up} uptime_ms=${up} cpus=1 policy=nick
cpu id=0 nr_running=2
task pid=5 name=hog cpu=0 state=R run_ms=${runA}
task pid=6 name=hog cpu=0 state=R run_ms=${runB}
lat name=xserver n=3 p50_us=40 p99_us=900
=== end
`;

test("parseKv turns whole integers into numbers and keeps the rest as text", () => {
  assert.deepEqual(parseKv("task pid=12 name=x-1 nice=-5 wchan=- v=1.5 e="),
                   { pid: 12, name: "x-1", nice: -5, wchan: "-", v: "1.5", e: "" });
});

test("a dump's header, cpu, task and lat lines land in their lists", () => {
  const [d] = statDumps("chatter\n" + DUMP(2000, 1000, 980) + "more chatter\n");
  assert.equal(d.get("uptime_ms"), 2000);
  assert.equal(d.get("policy"), "nick");
  assert.equal(d.cpus.length, 1);
  assert.deepEqual(d.tasks.map((t) => t.pid), [5, 6]);
  assert.equal(d.lats[0].p99_us, 900);
  assert.equal(d.task({ pid: 6 }).run_ms, 980);
  assert.equal(d.task({ name: "nobody" }), null);
});

test("shares are 100 * delta run_ms / delta uptime_ms per pid", () => {
  const [a, b] = statDumps(DUMP(2000, 1000, 980) + DUMP(6000, 3400, 2580));
  const s = shares(a, b);
  assert.equal(s.get(5), 60);
  assert.equal(s.get(6), 40);
  assert.deepEqual([...shares(a, b, ["xserver"]).keys()], []);
  assert.equal(shares(b, b).size, 0, "no time between the dumps: no share");
});

test("strict reading refuses a nested dump, a stray end and a truncated log", () => {
  const open = "=== stats uptime_ms=1\n";
  assert.throws(() => statDumps(open + open), { message: "line 2: stat dump inside another" });
  assert.throws(() => statDumps("=== end\n"), { message: "line 1: '=== end' without '=== stats'" });
  assert.throws(() => statDumps(open + "task pid=1\n"),
                (e) => e instanceof LogError && e.lineno === 2);
  assert.equal(statDumps(open + open + "=== end\n=== end\n", false).length, 1);
});

test("bytes fed in any pieces give the same dumps as the whole text", () => {
  const text = (DUMP(2000, 1000, 980) + DUMP(4000, 2000, 1960)).replace(/\n/g, "\r\n");
  const got = [];
  const r = new StatDumpReader((d) => got.push(d));
  for (let i = 0; i < text.length; i += 7) r.feed(text.slice(i, i + 7));
  r.end();
  assert.deepEqual(got, statDumps(text));
});

// Every sample log of the lab tools, read by nickel_log.py and by this parser.
const PY = `
import json, sys
sys.path.insert(0, sys.argv[1])
from lib import nickel_log
dumps = nickel_log.stat_dumps(open(sys.argv[2]).read(), strict=False)
out = [{"header": d.header, "cpus": d.cpus, "tasks": d.tasks, "lats": d.lats} for d in dumps]
sh = {str(k): v for k, v in nickel_log.shares(dumps[0], dumps[-1]).items()} if dumps else {}
print(json.dumps({"dumps": out, "shares": sh}))
`;
const DATA = join(ROOT, "tests", "tools", "data");
for (const name of readdirSync(DATA).filter((n) => n.endsWith(".log"))) {
  test(`${name}: the same dumps and shares as nickel_log.py`, () => {
    const path = join(DATA, name);
    const py = JSON.parse(execFileSync("python3", ["-c", PY, join(ROOT, "tools"), path]));
    const dumps = statDumps(readFileSync(path, "utf8"), false);
    assert.equal(dumps.length, py.dumps.length, "number of dumps");
    dumps.forEach((d, i) => {
      assert.deepEqual({ header: d.header, cpus: d.cpus, tasks: d.tasks, lats: d.lats },
                       py.dumps[i], `dump ${i}`);
    });
    const js = dumps.length ? Object.fromEntries(shares(dumps[0], dumps.at(-1))) : {};
    assert.deepEqual(Object.keys(js).sort(), Object.keys(py.shares).sort());
    for (const pid of Object.keys(js))
      assert.ok(Math.abs(js[pid] - py.shares[pid]) < 1e-9, `pid ${pid}: ${js[pid]} vs ${py.shares[pid]}`);
  });
}
