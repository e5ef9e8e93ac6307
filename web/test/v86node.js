// v86node.js - boot build/web's image in v86 under Node, no browser: the
// same files, options and module table as the page (src/machine.js).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { V86 } from "v86/build/libv86.mjs";
import { machineOptions } from "../src/machine.js";
import { hookModules } from "../src/modules.js";

const buf = (path) => {
  const b = readFileSync(path);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};

/* Boot with `cmdline`; resolves to {serial(), send(text), waitFor(re, ms),
 * stop()} once the emulator runs.  site: the build/web directory. */
export async function bootNickel(site, cmdline) {
  const table = JSON.parse(readFileSync(join(site, "boot/modules.json"), "utf8"));
  const emulator = new V86({
    ...machineOptions(cmdline),
    wasm_path: join(site, "v86/v86.wasm"),
    bios: { buffer: buf(join(site, "bios/bios.bin")) },
    vga_bios: { buffer: buf(join(site, "bios/vgabios.bin")) },
    multiboot: { buffer: buf(join(site, "boot/nickel.elf")) },
    initrd: { buffer: buf(join(site, "boot/modules.bin")) },
  });
  let text = "";
  const waiters = [];
  emulator.add_listener("serial0-output-byte", (byte) => {
    text += String.fromCharCode(byte);
    for (const w of waiters.slice())
      if (w.re.test(text)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(text); }
  });
  await new Promise((resolve) => emulator.add_listener("emulator-loaded", resolve));
  hookModules(emulator, table);
  emulator.run();
  return {
    serial: () => text,
    send: (s) => emulator.serial0_send(s),
    waitFor(re, ms) {
      if (re.test(text)) return Promise.resolve(text);
      return new Promise((resolve, reject) => {
        const w = { re, resolve: (t) => { clearTimeout(timer); resolve(t); } };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          reject(new Error(`no ${re} on the serial line after ${ms} ms; it ends:\n` +
                           text.slice(-1500)));
        }, ms);
        waiters.push(w);
      });
    },
    stop: () => emulator.destroy(),
  };
}
