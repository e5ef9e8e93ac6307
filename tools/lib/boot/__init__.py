"""lib.boot: running nickel: qemu (tools/nickel-qemu), bochs (nickel-bochs),
boot_time, stepcount; psf: the PSF console font the build turns into C."""
