#!/bin/sh
# make deps: install nickel's build/run dependencies (Debian packages), each
# only when missing, then build the cached pieces (newlib, see mk/user.mk).
set -e
PACKAGES="make gcc gcc-multilib binutils nasm python3 qemu-system-x86 \
grub-pc-bin grub-common xorriso mtools newlib-source qemu-user texinfo bison flex \
bochs bochsbios vgabios bochs-term python3-matplotlib trace-cmd tmux \
grub-efi-amd64-bin grub-efi-ia32-bin ovmf ovmf-ia32 console-setup-linux \
bubblewrap python3-yaml unzip python3-clang-14 gdb"
# `deps.sh fuzz`: also the parser fuzzers' clang, libFuzzer and sanitizers
# (make fuzz-parsers); make test replays the corpora with gcc alone.
if [ "$1" = fuzz ]; then PACKAGES="$PACKAGES clang libclang-rt-14-dev"; fi
# `deps.sh coverage`: also lcov and its genhtml (make coverage, mk/fuzz.mk).
if [ "$1" = coverage ]; then PACKAGES="$PACKAGES lcov"; fi
# `deps.sh web`: also SeaBIOS (the page's BIOS), Chromium for make test-web
# (mk/iso.mk, docs/web.md), and Node with npm when there is none (Debian's
# nodejs, npm); the npm packages come from web/package-lock.json (npm ci).
if [ "$1" = web ]; then
	PACKAGES="$PACKAGES chromium seabios"
	command -v node >/dev/null && command -v npm >/dev/null ||
		PACKAGES="$PACKAGES nodejs npm"
fi

missing=""
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "deps: installing$missing"
	SUDO=""
	[ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi
# Cached builds that other parts of the tree hook in (e.g. newlib).
for hook in tools/build/deps.d/*.sh; do
	[ -f "$hook" ] && sh "$hook"
done
exit 0
