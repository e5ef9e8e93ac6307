#!/bin/sh
# Run a ring-3 test program and pass its "PASS name" / "FAIL name: why" lines
# through; exit 1 on any FAIL, a crash, a timeout, or no result at all.
#
#   tests/user/run-usertests.sh [options] [-- program args...]
#     --elf PATH      program (default build/user/usertests.elf)
#     --runner CMD    how to run it (default: qemu-i386, $USER_QEMU if set);
#                     e.g. a script that boots nickel with the elf as a module
#                     and prints its serial console
#     --timeout S     kill after S seconds (default 120)
#     --log FILE      also save the raw output there
#     --names         print only the sorted "PASS name"/"FAIL name" part of each
#                     result line, for diffing host runs against nickel runs:
#                       diff <(run-usertests.sh --names) \
#                            <(run-usertests.sh --names --runner ./on-nickel.sh)
#
# Used by `make test` (tests/run.py finds it in tests/user/) with no options.
# Other output of the program (and qemu's "uncaught target signal" notes for
# children killed on purpose) is dropped; the summary line is kept.
set -u
cd "$(dirname "$0")/../.." || exit 1

ELF=build/user/usertests.elf
RUNNER=${USER_QEMU:-qemu-i386}
TIMEOUT=120
LOG=
NAMES=0
while [ $# -gt 0 ]; do
	case $1 in
	--elf) ELF=$2; shift 2 ;;
	--runner) RUNNER=$2; shift 2 ;;
	--timeout) TIMEOUT=$2; shift 2 ;;
	--log) LOG=$2; shift 2 ;;
	--names) NAMES=1; shift ;;
	--) shift; break ;;
	*) break ;;
	esac
done
NAME=$(basename "$ELF" .elf)

if [ ! -f "$ELF" ]; then
	echo "FAIL $NAME:build: $ELF missing (make $ELF)"
	exit 1
fi

OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
# $RUNNER is deliberately unquoted: it may carry its own arguments.
timeout "$TIMEOUT" $RUNNER "$ELF" "$@" > "$OUT" 2>&1
rc=$?
[ -n "$LOG" ] && cp "$OUT" "$LOG"

# Result lines may be preceded by console noise on a serial line: match anywhere.
RESULTS=$(grep -aoE '(PASS|FAIL) [A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+(: .*)?' "$OUT" | tr -d '\r')
if [ "$NAMES" = 1 ]; then
	printf '%s\n' "$RESULTS" | sed -E 's/^((PASS|FAIL) [^:]+:[^:]+).*/\1/' | sort
else
	[ -n "$RESULTS" ] && printf '%s\n' "$RESULTS"
	grep -a "^$NAME: .* passed" "$OUT" | tr -d '\r'
fi

fails=$(printf '%s\n' "$RESULTS" | grep -c '^FAIL ')
passes=$(printf '%s\n' "$RESULTS" | grep -c '^PASS ')
status=0
if [ "$rc" = 124 ]; then
	echo "FAIL $NAME:timeout: no exit after ${TIMEOUT}s"
	status=1
elif [ "$rc" != 0 ] && [ "$fails" = 0 ]; then
	echo "FAIL $NAME:exit: status $rc with no FAIL line (crash?); last output:"
	tail -n 5 "$OUT" | sed 's/^/    | /'
	status=1
fi
[ "$passes" = 0 ] && [ "$status" = 0 ] && {
	echo "FAIL $NAME:output: no PASS lines"
	status=1
}
[ "$fails" != 0 ] && status=1
exit $status
