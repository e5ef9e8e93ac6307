#!/bin/sh
# Build newlib once for i686 ring-3 programs, into .cache/newlib/ (git-ignored).
# Run by `make deps` (tools/build/deps.sh runs every tools/build/deps.d/*.sh) and by
# mk/user.mk.  A no-op when the stamp for this version and these flags
# exists.  Source: Debian's newlib-source (/usr/src/newlib/newlib-*.tar.xz).
# Only libc and libm are built (target-newlib), with the host compiler in
# 32-bit mode; no docs, no libgloss (nickel supplies crt0 and the syscall glue:
# user/lib/).  Result:
#   .cache/newlib/i686-elf/include/   headers
#   .cache/newlib/i686-elf/lib/       libc.a libm.a
#   .cache/newlib/build.log           the log of the build
# Several `make deps` may run at once in one tree: builds are serialized with
# flock on .cache/newlib.lock, done in a private directory and moved into place
# at the end, so .cache/newlib/ is either the old complete tree or the new one.
set -e
VERSION=3.3.0
TARGET=i686-elf
TOP=$(pwd)
CACHE=$TOP/.cache/newlib
# CFLAGS for the newlib objects: static, non-PIC, no stack protector, so that the
# library links into plain ET_EXEC programs and runs with no libc support.
NL_CFLAGS="-O2 -g -m32 -march=i686 -fno-pie -fno-pic -fno-stack-protector -fno-builtin -ffunction-sections -fdata-sections"
# The build directory's name (it holds this script's pid) must not reach the
# library: libc's asserts print __FILE__ (its dtoa and mprec sources), and a path of
# another length moves every later byte of a program's data.  Under -icount
# that alone changes the lab's numbers from one clone to the next.  Mapped
# to a fixed name, the library (and every program) is the same on any host.
nl_map() { echo "-ffile-prefix-map=$1=newlib"; }
# The host gcc predefines __linux__, which would make newlib's sys/config.h
# pick its Linux configuration (__DYNAMIC_REENT__, 64-bit stdio hooks, glibc
# headers): this is a bare i686-elf newlib, so undefine those.  mk/user.mk
# passes the same -U flags (NEWLIB_TARGET_FLAGS there) when building programs.
TFLAGS="-m32 -U__linux__ -U__linux -Ulinux -U__gnu_linux__"
# The stamp (named by version, holding the flags) is also what mk/user.mk
# depends on.
STAMP="$CACHE/.done-$VERSION"
STAMP_TEXT="newlib $VERSION $TARGET $TFLAGS $NL_CFLAGS $(nl_map BUILD-DIR)"
JOBS=${NEWLIB_JOBS:-2}

is_done() { [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$STAMP_TEXT" ]; }
is_done && exit 0

mkdir -p "$TOP/.cache"
exec 9> "$TOP/.cache/newlib.lock"
if command -v flock > /dev/null 2>&1; then
	if ! flock -n 9; then
		echo "newlib: another build is running, waiting for it"
		flock 9
	fi
	is_done && { echo "newlib: built by the other run"; exit 0; }
fi

TARBALL=
for t in /usr/src/newlib/newlib-$VERSION.tar.* /usr/src/newlib/newlib-*.tar.*; do
	[ -f "$t" ] && { TARBALL=$t; break; }
done
if [ -z "$TARBALL" ]; then
	echo "newlib: no source tarball under /usr/src/newlib (apt-get install newlib-source)" >&2
	exit 1
fi

# We hold the lock: leftovers of interrupted runs can go.
rm -rf "$TOP"/.cache/newlib.build.* "$CACHE.old"
WORK=$TOP/.cache/newlib.build.$$
SRC=$WORK/src
OBJ=$WORK/obj
DEST=$WORK/dest
LOG=$WORK/build.log
mkdir -p "$SRC" "$OBJ" "$DEST"
: > "$LOG"
start=$(date +%s)

phase() {
	echo "newlib: $1 ($(($(date +%s) - start))s)"
	echo "===== $1" >> "$LOG"
}
fail() {
	mkdir -p "$CACHE"
	cp "$LOG" "$CACHE/build.log" 2> /dev/null || true
	echo "newlib: $1 FAILED, last lines of $CACHE/build.log:" >&2
	tail -n 30 "$LOG" >&2
	rm -rf "$WORK"
	exit 1
}

phase "unpack $(basename "$TARBALL")"
tar -C "$SRC" -xf "$TARBALL" >> "$LOG" 2>&1 || fail unpack
# The tarball's top directory is not always newlib-$VERSION (Debian: newlib-salsa).
SRCDIR=$(ls -d "$SRC"/*/newlib/configure 2> /dev/null | head -n 1)
SRCDIR=$(dirname "$(dirname "$SRCDIR")")
[ -x "$SRCDIR/configure" ] || fail "unpack (no configure in $SRCDIR)"

phase "configure ($TARGET, gcc $TFLAGS)"
(
	cd "$OBJ" &&
	"$SRCDIR/configure" \
		--target=$TARGET \
		--prefix="$CACHE" \
		--disable-multilib \
		--disable-newlib-supplied-syscalls \
		--disable-nls \
		--enable-newlib-io-long-long \
		--disable-newlib-multithread \
		CC_FOR_TARGET="gcc $TFLAGS" \
		CXX_FOR_TARGET="g++ $TFLAGS" \
		AS_FOR_TARGET="as --32" \
		LD_FOR_TARGET="ld -m elf_i386" \
		AR_FOR_TARGET=ar \
		NM_FOR_TARGET=nm \
		RANLIB_FOR_TARGET=ranlib \
		OBJDUMP_FOR_TARGET=objdump \
		READELF_FOR_TARGET=readelf \
		STRIP_FOR_TARGET=strip \
		CFLAGS_FOR_TARGET="$NL_CFLAGS $(nl_map "$WORK")" \
		MAKEINFO=true
) >> "$LOG" 2>&1 || fail configure

phase "build (make -j$JOBS all-target-newlib)"
make -C "$OBJ" -j"$JOBS" MAKEINFO=true all-target-newlib >> "$LOG" 2>&1 || fail build

phase "install into .cache/newlib"
make -C "$OBJ" MAKEINFO=true DESTDIR="$DEST" install-target-newlib >> "$LOG" 2>&1 ||
	fail install
NEW=$DEST$CACHE
[ -f "$NEW/$TARGET/lib/libc.a" ] && [ -f "$NEW/$TARGET/lib/libm.a" ] ||
	fail "install (no libc.a/libm.a)"
secs=$(($(date +%s) - start))
echo "===== done in ${secs}s" >> "$LOG"
cp "$LOG" "$NEW/build.log"
echo "$STAMP_TEXT" > "$NEW/.done-$VERSION"
# Swap the new tree in: two renames, the old tree is complete until then.
[ -d "$CACHE" ] && mv "$CACHE" "$CACHE.old"
mv "$NEW" "$CACHE"
rm -rf "$CACHE.old" "$WORK"
echo "newlib: done in ${secs}s: .cache/newlib/$TARGET/lib/libc.a libm.a"
