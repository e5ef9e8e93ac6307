// shares.mjs SECONDS CMDLINE - boot build/web's image in v86 under Node with
// CMDLINE (give it stats=MS), stop once nickel's uptime reaches SECONDS, and
// print each task's CPU share between the first and the last stat dump, as
// tools/lib/nickel_log.shares does (docs/web.md compares them with QEMU's).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bootNickel } from "../test/v86node.js";
import { statDumps, shares } from "../src/statdump.js";

const [seconds, cmdline] = process.argv.slice(2);
if (!(Number(seconds) > 0) || !cmdline) {
  console.error('usage: shares.mjs SECONDS "policy=nick demo=nice nice=0,5,10,19 stats=10000"');
  process.exit(2);
}
const site = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "build", "web");
const started = Date.now();
const m = await bootNickel(site, cmdline);
const uptime = () => statDumps(m.serial(), false).at(-1)?.get("uptime_ms") ?? 0;
while (uptime() < Number(seconds) * 1000) await new Promise((r) => setTimeout(r, 500));
await m.stop();
const dumps = statDumps(m.serial(), false);
const [first, last] = [dumps[0], dumps.at(-1)];
console.log(`v86: ${cmdline}: dumps at ${first.get("uptime_ms")} and ${last.get("uptime_ms")} ms ` +
            `(wall ${((Date.now() - started) / 1000).toFixed(0)} s)`);
for (const [pid, pct] of shares(first, last))
  if (pct >= 0.05) console.log(`  pid ${pid} ${last.task({ pid }).name} nice=${last.task({ pid }).nice}: ${pct.toFixed(1)}%`);
