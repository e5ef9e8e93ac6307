// modules.js - hand the lab's programs to nickel as multiboot modules in v86.
//
// v86's multiboot loader (src/cpu.js, load_multiboot_option_rom) takes one
// `initrd` and lists it as a single module without a name.  nickel wants
// one module per program, named by its string ("hog", "xserver", ...;
// kernel/boot/module.c).  So the programs travel as one blob, each padded to
// a page, and when the loader has run we rewrite the module table in the
// multiboot information with one entry and one name per program: the same
// table GRUB or QEMU's -initrd would have written.  Shared by the page and
// the Node tests.

const PAGE = 4096;
const MB_FLAGS_MODS = 0x8;
const MULTIBOOT_PORT = 0xf4;      // v86's option ROM reads it to boot the kernel

/* [{name, bytes}] -> {blob, table: [{name, offset, size}]}: the programs
 * laid out one after the other, each at a page boundary of the blob. */
export function packModules(programs) {
  const table = [];
  let offset = 0;
  for (const p of programs) {
    if (!p.name || /[\s\0]/.test(p.name))
      throw new Error(`module name ${JSON.stringify(p.name)}: empty or has blanks`);
    table.push({ name: p.name, offset, size: p.bytes.length });
    offset += Math.ceil(p.bytes.length / PAGE) * PAGE;
  }
  const blob = new Uint8Array(Math.max(offset, PAGE));
  programs.forEach((p, i) => blob.set(p.bytes, table[i].offset));
  return { blob, table };
}

/* The bytes of the module table and its names, for a blob that v86 put at
 * physical address `base`, written at physical address `at`. */
export function moduleTableBytes(table, base, at) {
  const names = table.map((m) => new TextEncoder().encode(m.name + "\0"));
  const size = 16 * table.length + names.reduce((n, s) => n + s.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let str = 16 * table.length;
  table.forEach((m, i) => {
    view.setUint32(16 * i, base + m.offset, true);           // mod_start
    view.setUint32(16 * i + 4, base + m.offset + m.size, true); // mod_end
    view.setUint32(16 * i + 8, at + str, true);              // string
    view.setUint32(16 * i + 12, 0, true);                     // reserved
    out.set(names[i], str);
    str += names[i].length;
  });
  return out;
}

/* After v86's loader has written the multiboot information (one module,
 * the blob), replace its module table by one entry per program.  The new
 * table goes where the old entry was, at the end of the information (below
 * 1 MiB, which nickel never allocates). */
export function hookModules(emulator, table) {
  const cpu = emulator.v86.cpu;
  const port = cpu.io.ports[MULTIBOOT_PORT];
  const load = port.read32;
  port.read32 = function () {
    const magic = load.call(this);
    const info = cpu.reg32[3];                    // ebx: the multiboot information
    const mem = new DataView(cpu.mem8.buffer, cpu.mem8.byteOffset);
    if (!(mem.getUint32(info, true) & MB_FLAGS_MODS))
      throw new Error("v86 did not load the modules blob (no initrd?)");
    const at = mem.getUint32(info + 24, true);   // mods_addr
    const base = mem.getUint32(at, true);        // where the blob went
    cpu.write_blob(moduleTableBytes(table, base, at), at);
    mem.setUint32(info + 20, table.length, true); // mods_count
    return magic;
  };
}
