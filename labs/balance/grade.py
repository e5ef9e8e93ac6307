"""labs/balance/grade.py - lab `balance`: find the bug in the load balancer.

The handout's kernel/sched/balance.c has one plausible bug planted in one
function; the student finds it with the trace, schedsim and check=1
(docs/smp.md, docs/selfcheck.md) and fixes it.  Eight host tests with
hand-worked rules of 2.6.0's balancer (labs/balance/test_balance.c), and
two simulator runs: 8 hogs on 4 CPUs, and the mixed workload under the
invariant checker.
"""
from lib.traces import nickel_log
from lib.grading import UnitTest, SimTest, near, at_most

LAB = "balance"
WEEK = 6
TITLE = "SMP load balancing: find the planted bug"
SOURCE = "kernel/sched/balance.c"

SMP = 'docs/scheduler-spec.md, "SMP (all policies, as in 2.6.0)"'
BUSIEST = ["find_busiest_queue", "own_load"]
MIGRATE = ["can_migrate_task"]
PULL = ["load_balance", "pull_from_array", "pull_task"]


def unit(name, points, functions, hint=""):
    return UnitTest(name, points, "test_balance.c", functions, SMP, hint)


def eight_hogs_on_4_cpus(out):
    """Each hog half a CPU (5 s .. 25 s), two per CPU, no CPU idle."""
    dumps = nickel_log.stat_dumps(out)
    first, last = dumps[0], dumps[-1]
    checks = [near("CPU %% of hog pid %d, 8 hogs on 4 CPUs, 5 s .. 25 s" % pid, 50.0, share, 5.0)
              for pid, share in sorted(nickel_log.shares(first, last).items())]
    for c0, c1 in zip(first.cpus, last.cpus):
        checks.append(near("hogs on CPU %d at 25 s" % c1["id"], 2, c1["nr_running"], 0))
        checks.append(at_most("idle ms of CPU %d, 5 s .. 25 s" % c1["id"], 100,
                              c1["idle_ms"] - c0["idle_ms"]))
    return checks


def invariants_hold(out):
    """check=1 aborts schedsim on a broken run queue, so getting here with
    a final stat dump means every check after every tick held."""
    dumps = nickel_log.stat_dumps(out)
    return [near("jiffies of the last stat dump, 5 s with check=1 on every tick",
                 5000, dumps[-1]["jiffies"] if dumps else 0, 0)]


TESTS = [
    unit("idle_cpu_pulls_from_the_busiest", 6, BUSIEST,
         "the busiest queue is the one with the most tasks (damped), never this CPU's"),
    unit("four_hogs_spread_two_and_two", 6, BUSIEST + PULL,
         "a remote load is min(now, previous sample), our own max(now, previous)"),
    unit("busy_balance_needs_a_quarter_imbalance", 5, BUSIEST + PULL,
         "imbalance = (max_load - ours)/2; a busy CPU needs imbalance*4 >= max_load"),
    unit("busy_pull_takes_expired_first", 5, PULL,
         "expired array first, best prio first, each list from its tail"),
    unit("idle_pull_spares_cache_hot_tasks", 5, MIGRATE,
         "an idle puller skips a task that ran <= cache_decay_ticks ago"),
    unit("busy_pull_ignores_cache_heat", 4, MIGRATE,
         "only an idle puller looks at cache heat"),
    unit("affinity_is_respected", 4, MIGRATE),
    unit("a_pulled_task_is_queued_and_counted", 5, ["pull_task"],
         "dequeue, fix both nr_running, set_task_cpu, enqueue on this CPU's active"),
    SimTest("eight_hogs_on_4_cpus", 10,
            "workload=tools/schedsim/workloads/hogs.wl hogs=8 cpus=4 seconds=25 "
            "stats=5000 summary=0",
            eight_hogs_on_4_cpus, BUSIEST + PULL + MIGRATE, SMP + '; docs/smp.md'),
    SimTest("mixed_workload_invariants", 5,
            "workload=tools/schedsim/workloads/mixed.wl cpus=4 seconds=5 check=1 "
            "summary=0",
            invariants_hold, BUSIEST + PULL + MIGRATE, 'docs/selfcheck.md',
            "schedsim check=1 prints the invariant that broke on stderr"),
    unit("idle_cpu0_pulls_from_cpu1", 3, BUSIEST + PULL,
         "the re-check after locking compares with our own load, not with a flag"),
    unit("busy_balance_5_vs_3_stays", 3, BUSIEST,
         "a busy CPU needs imbalance*4 >= max_load: (max_load + 3)/4 rounds up"),
    unit("busy_cpu_counts_a_remote_queue_at_its_lower_sample", 4, BUSIEST,
         "remote load = min(now, previous sample); imbalance in signed int"),
    unit("idle_cpu_pulls_from_the_first_of_two_equal_queues", 2, BUSIEST,
         "only a strictly greater load replaces the busiest so far"),
]
