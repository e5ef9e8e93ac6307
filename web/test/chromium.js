// chromium.js - build/web on a local static host, opened in Debian's
// Chromium (headless, through playwright-core): shared by browser.test.js
// and tools/page-shares.mjs.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SITE = join(ROOT, "build", "web");
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const MIME = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
               ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json" };

/* Why the page cannot be opened here, or false. */
export const missing = !existsSync(join(SITE, "index.html")) ? "no build/web: run make web"
  : !existsSync(CHROMIUM) ? `no ${CHROMIUM}: run tools/build/deps.sh web` : false;

/* Serve build/web on a free port and start Chromium: {base, browser, close()}. */
export async function startSite() {
  const server = createServer((req, res) => {   // a static host, as any would be
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    const file = join(SITE, path.endsWith("/") ? path + "index.html" : path);
    if (!file.startsWith(SITE) || !existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { "content-type": MIME[extname(file)] || "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  return {
    base: `http://127.0.0.1:${server.address().port}/`,
    browser,
    async close() { await browser.close(); server.close(); },
  };
}
