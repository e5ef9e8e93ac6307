// page-shares.mjs SECONDS QUERY - open the page (build/web, headless
// Chromium) at ?QUERY, wait until nickel's uptime reaches SECONDS, and print
// the chart's table: each task's share since the first stat dump, as the
// page shows it (docs/web.md compares them with QEMU's).
import { missing, startSite } from "../test/chromium.js";

const [seconds, query] = process.argv.slice(2);
if (!(Number(seconds) > 0) || !query) {
  console.error('usage: page-shares.mjs SECONDS "demo=nice&policy=nick"');
  process.exit(2);
}
if (missing) {
  console.error(`page-shares: ${missing}`);
  process.exit(1);
}
const site = await startSite();
try {
  const page = await site.browser.newPage();
  await page.goto(`${site.base}?${query}`);
  await page.waitForFunction((ms) => window.nickel?.chart.dumps.at(-1)?.get("uptime_ms") >= ms,
                             Number(seconds) * 1000, { timeout: 0, polling: 500 });
  const out = await page.evaluate(() => {
    const d = window.nickel.chart.dumps;
    return { cmdline: window.nickel.cmdline, from: d[0].get("uptime_ms"), to: d.at(-1).get("uptime_ms"),
             rows: [...document.querySelectorAll("#totals tr")].map((r) => ({ ...r.dataset })) };
  });
  console.log(`page: ${out.cmdline}: dumps at ${out.from} and ${out.to} ms`);
  for (const r of out.rows) console.log(`  pid ${r.pid} ${r.name}: ${r.share}%`);
} finally {
  await site.close();
}
