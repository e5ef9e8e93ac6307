// app.js - the page: boot nickel in v86 with the menu's demo and policy
// (read from the address: ?demo=hogs&policy=o1&hogs=4), show its serial
// line in xterm.js and its VGA screen beside it, send the lab keys, and
// chart the stat dumps it prints.
import { V86 } from "./v86/libv86.mjs";
import { Terminal } from "./xterm/xterm.mjs";
import { machineOptions, commandLine } from "./machine.js";
import { hookModules } from "./modules.js";
import { StatDumpReader } from "./statdump.js";
import { LiveChart } from "./chart.js";

const DEMOS = ["desktop", "hogs", "nice", "compile"];
const POLICIES = ["nick", "o1", "rr", "mine"];
const $ = (id) => document.getElementById(id);

/* The menu's choice from the address, each value checked against its list. */
function choice() {
  const q = new URLSearchParams(location.search);
  const pick = (key, list, dflt) => (list.includes(q.get(key)) ? q.get(key) : dflt);
  const hogs = /^[0-9]{1,2}$/.test(q.get("hogs") ?? "") ? q.get("hogs") : "";
  return { demo: pick("demo", DEMOS, "desktop"), policy: pick("policy", POLICIES, "nick"),
           hogs, stats: 2000 };
}

function fillMenu(c) {
  for (const [id, list, value] of [["demo", DEMOS, c.demo], ["policy", POLICIES, c.policy]]) {
    $(id).replaceChildren(...list.map((v) => new Option(v, v, false, v === value)));
  }
  $("hogs").value = c.hogs;
}

async function boot() {
  const c = choice();
  fillMenu(c);
  const cmdline = commandLine(c);
  $("cmdline").textContent = cmdline;

  const term = new Terminal({ convertEol: true, rows: 28, cols: 96, scrollback: 5000,
                              fontSize: 11 });
  term.open($("console"));
  const chart = new LiveChart($("shares"), $("latency"), $("totals"));
  const reader = new StatDumpReader((d) => chart.add(d), false);
  let serial = "";
  const started = performance.now();

  const table = await (await fetch("boot/modules.json")).json();
  const emulator = new V86({
    ...machineOptions(cmdline),
    wasm_path: "v86/v86.wasm",
    bios: { url: "bios/bios.bin" },
    vga_bios: { url: "bios/vgabios.bin" },
    multiboot: { url: "boot/nickel.elf" },
    initrd: { url: "boot/modules.bin" },
    screen_container: $("screen"),
  });

  // Bytes are written to the terminal once a frame, not one by one.
  let pending = "";
  emulator.add_listener("serial0-output-byte", (byte) => {
    const ch = String.fromCharCode(byte);
    if (pending === "") requestAnimationFrame(() => { term.write(pending); pending = ""; });
    pending += ch;
    serial += ch;
    reader.feed(ch);
  });
  term.onData((data) => emulator.serial0_send(data));
  for (const b of document.querySelectorAll("button[data-key]"))
    b.addEventListener("click", () => emulator.serial0_send(b.dataset.key));

  await new Promise((resolve) => emulator.add_listener("emulator-loaded", resolve));
  hookModules(emulator, table);
  emulator.run();
  $("status").textContent = "booting";
  setInterval(() => {
    const last = chart.dumps.at(-1);
    const wall = (performance.now() - started) / 1000;
    $("status").textContent = last
      ? `guest time ${(last.get("uptime_ms") / 1000).toFixed(0)} s (nickel's timer), ` +
        `wall time ${wall.toFixed(0)} s, ${chart.dumps.length} stat dumps`
      : `booting (${wall.toFixed(0)} s)`;
  }, 1000);

  // For the tests (web/test/browser.test.js) and the curious, in the console.
  window.nickel = { emulator, chart, serial: () => serial, cmdline };
}

$("menu").addEventListener("submit", (e) => {
  e.preventDefault();
  const q = new URLSearchParams({ demo: $("demo").value, policy: $("policy").value });
  if ($("hogs").value) q.set("hogs", $("hogs").value);
  location.search = q.toString();
});
boot().catch((e) => {
  $("status").textContent = `could not boot: ${e.message}`;
  throw e;
});
