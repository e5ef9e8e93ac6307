"""spec_model.py - the expected CPU shares of pure hogs on one CPU,
re-computed from the formulas of docs/scheduler-spec.md (not copied from its
table; test_spec_model_matches_table below checks the two agree).

Each hog runs one whole slice per array swap, so share = slice / sum(slices).
"""

MAX_RT_PRIO, MAX_USER_PRIO = 100, 40


def nick_prio_of_hog(nice):
    """task_priority with sleep_avg 0: bonus 0."""
    static = 120 + nice
    prio = MAX_RT_PRIO + (static - MAX_RT_PRIO) // 2 + MAX_USER_PRIO // 2
    return min(max(prio, MAX_RT_PRIO), 139)


def nick_slice(prio, best):
    """task_timeslice: idx is the best prio queued on the CPU."""
    idx = min(best, prio)
    base = 1 * MAX_USER_PRIO // (prio - idx + 1)
    return max(1, base * ((idx - MAX_RT_PRIO) + 4) // 8)


def o1_slice(nice):
    static = 120 + nice
    return 10 + 190 * (139 - static) // 39


def slices(policy, nices, rr_slice=100):
    if policy == "nick":
        prios = [nick_prio_of_hog(n) for n in nices]
        best = min(prios)
        return [nick_slice(p, best) for p in prios]
    if policy == "o1":
        return [o1_slice(n) for n in nices]
    return [rr_slice for _ in nices]


def shares(policy, nices):
    s = slices(policy, nices)
    return [100.0 * x / sum(s) for x in s]


SPEC_TABLE = {  # docs/scheduler-spec.md, "Expected numbers"
    ("nick", (0, 5, 10, 19)): [63.7, 20.6, 9.4, 6.4],
    ("nick", (0, 19)): [90.9, 9.1],
    ("o1", (0, 5, 10, 19)): [42.0, 32.1, 21.8, 4.1],
}


def test_spec_model_matches_table():
    for (pol, nices), want in SPEC_TABLE.items():
        got = shares(pol, nices)
        assert all(abs(a - b) < 0.06 for a, b in zip(got, want)), (pol, got, want)


if __name__ == "__main__":
    test_spec_model_matches_table()
    for k in SPEC_TABLE:
        print(k, slices(*k), [round(x, 1) for x in shares(*k)])
