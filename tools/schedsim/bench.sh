#!/bin/sh
# bench.sh SCHEDSIM - `make bench-sim`: schedsim's speed and memory.
#  1. 10,000 tasks x 64 CPUs x 60 s simulated (workloads/bench.wl): wall time
#     (must be < 60 s), CPU time, max RSS (getrusage).
#  2. per-operation cost (CPU ns per scheduler-core call: tick, schedule,
#     wake-up, fork, exit) with 4..10,000 hogs + 8 periodic tasks on 4 CPUs
#     (workloads/scale.wl), best of 3 runs each; must stay within 1.2x.
#     The same series on 64 CPUs is printed for information: there, with few
#     tasks, most CPUs are idle and the core's idle balancing (a scan of all
#     64 run queues every tick) makes an op dearer - a cost of the CPU count,
#     not of the task count.
# Exit 1 when a limit is missed.
set -u
SIM=${1:-build/schedsim/schedsim}
WL=tools/schedsim/workloads
fail=0

field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }

echo "## schedsim bench"
out=$($SIM workload=$WL/bench.wl cpus=64 seconds=60 dumps=0 summary=0 bench=1 2>&1 >/dev/null)
wall=$(echo "$out" | field wall_s)
echo "big run: $out"
echo "| tasks | cpus | simulated s | wall s | cpu s | ops | max RSS KiB |"
echo "|-------|------|-------------|--------|-------|-----|-------------|"
echo "| $(echo "$out" | field tasks) | 64 | 60 | $wall | $(echo "$out" | field cpu_s) | $(echo "$out" | field ops) | $(echo "$out" | field maxrss_kb) |"
if awk "BEGIN { exit !($wall >= 60) }"; then
	echo "FAIL: 60 s of 64 CPUs took $wall s (limit 60)"
	fail=1
fi

series() {   # cpus seconds -> "hogs ns" lines, best of 3
	for n in 4 100 1000 10000; do
		best=
		for r in 1 2 3; do
			ns=$($SIM workload=$WL/scale.wl hogs=$n cpus=$1 seconds=$2 dumps=0 \
				summary=0 bench=1 2>&1 >/dev/null | field ns_per_op)
			if [ -z "$best" ] || awk "BEGIN { exit !($ns < $best) }"; then best=$ns; fi
		done
		echo "$n $best"
	done
}

for cpus in 4 64; do
	secs=300
	[ $cpus = 64 ] && secs=60
	echo
	echo "per-op cost, $cpus CPUs, $secs s simulated (CPU ns per core call, best of 3):"
	echo "| hogs | ns/op |"
	echo "|------|-------|"
	res=$(series $cpus $secs)
	echo "$res" | awk '{ printf "| %5d | %6.1f |\n", $1, $2 }'
	ratio=$(echo "$res" | awk 'NR == 1 || $2 < lo { lo = $2 } NR == 1 || $2 > hi { hi = $2 }
		END { printf "%.2f", hi / lo }')
	echo "max/min = $ratio"
	if [ $cpus = 4 ] && awk "BEGIN { exit !($ratio > 1.2) }"; then
		echo "FAIL: per-op cost not flat on 4 CPUs (max/min $ratio > 1.2)"
		fail=1
	fi
done
# 3. what an operation costs by kind (bench=2: each core call timed with
#    rdtsc, TSC cycles; calls preempted by the host left out): a tick of an
#    idle CPU includes the core's idle balance, a scan of every run queue.
echo
echo "cost by kind (TSC cycles per call, bench=2; count in brackets), 60 s simulated:"
echo "| cpus | hogs | tick idle | tick busy | schedule | wake |"
echo "|------|------|-----------|-----------|----------|------|"
for cpus in 4 64; do
	for n in 4 100 1000 10000; do
		$SIM workload=$WL/scale.wl hogs=$n cpus=$cpus seconds=60 dumps=0 summary=0 \
			bench=2 2>&1 >/dev/null | sed -n 's/^bench-ops: //p' | awk -v c=$cpus -v n=$n '
			{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
			END { printf "| %d | %d", c, n
			      split("tick_idle tick_busy schedule wake", k, " ")
			      for (i = 1; i <= 4; i++) printf " | %s (%s)", v[k[i] "_cyc"], v[k[i]]
			      print " |" }'
	done
done
exit $fail
