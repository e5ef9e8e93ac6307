// browser.test.js - build/web in Debian's Chromium, headless, driven by
// playwright-core (no browser download): the page boots nickel, the banner
// reaches the console and the VGA screen, the chart's hog shares are the
// ones tools/lib/traces/nickel_log.py reads from the same serial text, the `r`
// button switches the policy, the desktop demo's X latency is charted.
// Screenshots: build/web-test/*.png.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, missing, startSite } from "./chromium.js";

const SHOTS = join(ROOT, "build", "web-test");
let site, browser, base;
before(async () => {
  if (missing) return;
  site = await startSite();
  ({ browser, base } = site);
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await site?.close();
});

/* Open the page at `query`; page errors fail the test. */
async function open(query) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 940 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + query);
  return { page, errors };
}

/* nickel_log.shares between the first and the last dump of `serial`. */
function pythonShares(serial) {
  const py = `import json, sys
sys.path.insert(0, sys.argv[1])
from lib import nickel_log
d = nickel_log.stat_dumps(sys.stdin.read(), strict=False)
print(json.dumps({str(k): v for k, v in nickel_log.shares(d[0], d[-1]).items()}))`;
  return JSON.parse(execFileSync("python3", ["-c", py, join(ROOT, "tools")], { input: serial }));
}

test("web-hogs-nick: banner, hog shares as nickel_log reads them, r -> o1",
     { skip: missing, timeout: 240000 }, async () => {
  const { page, errors } = await open("?demo=hogs&policy=nick&hogs=2");
  await page.waitForFunction(() => document.querySelector("#console .xterm-rows")
    ?.innerText.includes("nickel 0.1 (policy=nick, cpus=1"), null, { timeout: 60000 });
  assert.match(await page.locator("#screen").innerText(), /nickel 0\.1/, "banner on the VGA screen");
  await page.waitForFunction(() => window.nickel?.chart.dumps.length >= 4, null, { timeout: 180000 });
  // The chart's table and the serial text at one moment.
  const { rows, serial } = await page.evaluate(() => ({
    serial: window.nickel.serial(),
    rows: [...document.querySelectorAll("#totals tr")].map((r) => ({ ...r.dataset })),
  }));
  const want = pythonShares(serial);
  const hogs = rows.filter((r) => r.name === "hog");
  assert.equal(hogs.length, 2, `hog rows in the chart: ${JSON.stringify(rows)}`);
  for (const r of hogs) {
    assert.ok(Math.abs(Number(r.share) - want[r.pid]) <= 0.05,
              `hog ${r.pid}: chart ${r.share}%, nickel_log ${want[r.pid]}%`);
    assert.ok(Math.abs(Number(r.share) - 50) < 5, `hog ${r.pid}: ${r.share}%, expected 50 +- 5`);
  }
  await page.click("button[data-key=r]");
  await page.waitForFunction(() => document.querySelector("#console .xterm-rows")
    .innerText.includes("policy nick -> o1"), null, { timeout: 30000 });
  await page.screenshot({ path: join(SHOTS, "hogs.png") });
  assert.deepEqual(errors, [], "errors in the page");
  await page.close();
});

test("web-desktop-nick: the X server's latency is charted live",
     { skip: missing, timeout: 240000 }, async () => {
  const { page, errors } = await open("?demo=desktop&policy=nick&hogs=2");
  await page.waitForFunction(() => window.nickel?.chart.lat.length >= 3, null, { timeout: 180000 });
  const lat = await page.evaluate(() => window.nickel.chart.lat);
  assert.ok(lat.every(([, p50, p99]) => p50 > 0 && p99 >= p50), `xserver p50/p99: ${JSON.stringify(lat)}`);
  assert.match(await page.evaluate(() => window.nickel.serial()), /demo desktop: desktop pid \d+/);
  await page.screenshot({ path: join(SHOTS, "desktop.png") });
  assert.deepEqual(errors, [], "errors in the page");
  await page.close();
});
