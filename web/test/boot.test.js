// boot.test.js - build/web's image booted in v86 under Node (no browser),
// its serial line checked as the QEMU scenarios check theirs: patterns that
// must appear, the ones that never may (tests/lib/scenario.py's
// ALWAYS_FORBID), then the numbers of the stat dumps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bootNickel } from "./v86node.js";
import { statDumps, shares } from "../src/statdump.js";

const SITE = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "build", "web");
const FORBID = [/PANIC/, /invariant failed/, /soft lockup/, /module \S+ rejected/];
const PROGRAMS = ["hog", "xserver", "xclient", "audio", "video", "desktop", "compiledemo"];

function checkLog(log, expect) {
  const problems = [];
  for (const re of expect) if (!re.test(log)) problems.push(`missing ${re}`);
  for (const re of FORBID) {
    const m = log.match(re);
    if (m) problems.push(`unexpected ${JSON.stringify(m[0])}`);
  }
  assert.deepEqual(problems, [], "serial line:\n" + log.slice(-3000));
}

/* A test that boots `cmdline` and hands the machine to `body`. */
function bootTest(name, cmdline, body) {
  const skip = !existsSync(join(SITE, "boot/modules.bin")) && "no build/web: run make web";
  test(name, { skip }, async () => {
    const m = await bootNickel(SITE, cmdline);
    try {
      await body(m);
    } finally {
      await m.stop();
    }
  });
}

bootTest("v86-hogs-nick: one CPU, every program a module, 2 hogs at 50% each, r -> o1",
         "policy=nick demo=hogs hogs=2 stats=2000 check=1", async (m) => {
  await m.waitFor(/(=== end[\s\S]*){4}/, 120000);
  m.send("r");
  await m.waitFor(/policy nick -> o1/, 30000);
  const log = m.serial();
  checkLog(log, [/^nickel 0\.1 \(policy=nick, cpus=1, mem=64 MiB\)/m,
                 /^nickel: demo hogs: 2 hogs/m,
                 ...PROGRAMS.map((p) => new RegExp(`^nickel: module ${p}: \\d+ bytes`, "m"))]);
  const dumps = statDumps(log, false);
  const [first, last] = [dumps[0], dumps[3]];
  assert.equal(last.get("cpus"), 1, "cpus in the stat dump");
  const hogs = [...shares(first, last, ["hog"]).values()];
  assert.equal(hogs.length, 2, `hogs in the dumps: ${hogs}`);
  for (const s of hogs) assert.ok(Math.abs(s - 50) < 5, `hog share ${s.toFixed(1)}%, expected 50 +- 5`);
});

bootTest("v86-desktop-nick: the X server, clients, audio and video report latencies",
         "policy=nick demo=desktop hogs=2 stats=2000", async (m) => {
  await m.waitFor(/(=== end[\s\S]*){3}/, 120000);
  const log = m.serial();
  checkLog(log, [/^nickel: demo desktop: desktop pid \d+/m]);
  const last = statDumps(log, false).at(-1);
  for (const name of ["xserver", "xclient", "audio", "video"]) {
    const lat = last.lats.find((l) => l.name === name);
    assert.ok(lat && lat.n > 0, `lat name=${name}: expected n > 0, got ${JSON.stringify(lat)}`);
  }
});
