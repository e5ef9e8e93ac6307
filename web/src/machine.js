// machine.js - the PC v86 emulates for nickel, the same in the page and in
// the Node tests: one CPU (v86 has no SMP), 64 MiB, SeaBIOS from Debian,
// the kernel booted by v86's multiboot loader with `cmdline`.

export const MEMORY_MB = 64;

/* The v86 options that do not depend on where the files come from. */
export function machineOptions(cmdline) {
  return {
    memory_size: MEMORY_MB * 1024 * 1024,
    vga_memory_size: 2 * 1024 * 1024,
    cmdline,
    autostart: false,           // src/modules.js hooks the loader first
    disable_speaker: true,
  };
}

/* The kernel command line of a menu choice, as the Makefile builds it. */
export function commandLine({ demo, policy, hogs, stats }) {
  const args = [`policy=${policy}`, `demo=${demo}`];
  if (hogs !== undefined && hogs !== "") args.push(`hogs=${hogs}`);
  if (demo === "nice") args.push("nice=0,5,10,19");
  args.push(`stats=${stats}`);
  return args.join(" ");
}
