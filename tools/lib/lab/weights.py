"""Linux's sched_prio_to_weight (kernel/sched/core.c), nice -20..19, and the
CPU shares it gives hogs on one CPU: the yardstick of the cfs policy's
tests (tests/scenarios/policy.py) and of compare-linux's shares table.
Kept apart from kernel/sched/cfs.c's copy on purpose: a test that read the
kernel's table could not catch a wrong entry in it."""

WEIGHTS = [88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916,
           9548, 7620, 6100, 4904, 3906, 3121, 2501, 1991, 1586, 1277,
           1024, 820, 655, 526, 423, 335, 272, 215, 172, 137,
           110, 87, 70, 56, 45, 36, 29, 23, 18, 15]


def weight(nice):
    if not -20 <= nice <= 19:
        raise ValueError("nice %d outside -20..19" % nice)
    return WEIGHTS[nice + 20]


def weight_shares(nices):
    """Each hog's share in percent: its weight over the sum of the weights."""
    w = [weight(n) for n in nices]
    return [100.0 * x / sum(w) for x in w]
