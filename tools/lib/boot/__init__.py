"""lib.boot: what booting nickel needs besides the kernel (psf: the PSF
console font the build turns into C)."""
