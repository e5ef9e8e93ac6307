// pack.mjs OUT_DIR PROGRAM.elf ... - write OUT_DIR/modules.bin (the lab's
// programs, one blob for v86's initrd) and OUT_DIR/modules.json (each
// program's name, offset and size in it; src/modules.js reads both).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { packModules } from "../src/modules.js";

const [outDir, ...paths] = process.argv.slice(2);
if (!outDir || paths.length === 0) {
  console.error("usage: pack.mjs OUT_DIR PROGRAM.elf ...");
  process.exit(2);
}
const programs = paths.map((p) => ({ name: basename(p, ".elf"), bytes: readFileSync(p) }));
const { blob, table } = packModules(programs);
writeFileSync(join(outDir, "modules.bin"), blob);
writeFileSync(join(outDir, "modules.json"), JSON.stringify(table, null, 1) + "\n");
