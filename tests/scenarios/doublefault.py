"""Double faults end in a report, not a silent reset.

IDT vector 8 is a task gate to a per-CPU double-fault task with its own
stack and CR3 (arch/i386/double_fault.c, docs/robustness.md).  crash=df
makes a kernel thread on the last CPU push onto an unmapped esp: the page
fault cannot be delivered, the CPU double-faults.  Without the task gate
that is a triple fault: QEMU resets, exit status 2, nothing printed.
crash=kstack overflows a kernel stack by recursion into the unmapped guard
page below it (kernel/mm/kstack.c): the same report, "kernel stack overflow"
(without the guard it runs on into the frame below, silently)."""
import re
from scenario import Scenario

DF = r"^nickel: DOUBLE FAULT on cpu (\d+)$"
STATE = (r"^nickel: previous task state: eip=([0-9a-f]{8}) esp=([0-9a-f]{8}) "
         r"ebp=[0-9a-f]{8} eflags=[0-9a-f]{8} cs=([0-9a-f]{4}) ss=([0-9a-f]{4})$")
CR = r"^nickel: cr2=([0-9a-f]{8}) cr3=([0-9a-f]{8}) esp0=[0-9a-f]{8}$"


def expect_equal(problems, what, want, got):
    if want != got:
        problems.append("%s: expected %s, got %s" % (what, want, got))


def reported_on(cpu, ncpus, task, cr2_page, fault_fn, where=None):
    """One double-fault report on `cpu`, naming `task`, with cr2 in
    cr2_page (a page address, or a callable taking the task's stack bottom),
    a backtrace through fault_fn, then the panic path: one PANIC line,
    every other CPU stopped."""
    def verify(log):
        problems = []
        dfs = re.findall(DF, log, re.M)
        if len(dfs) != 1:
            return ["expected 1 DOUBLE FAULT line, got %d" % len(dfs)]
        expect_equal(problems, "double fault cpu", str(cpu), dfs[0])
        report = log[log.index("nickel: DOUBLE FAULT"):]
        st, cr = re.search(STATE, report, re.M), re.search(CR, report, re.M)
        run = re.search(r"^nickel: running (\S+) \(pid (\d+)\), kernel stack "
                        r"([0-9a-f]{8})\.\.([0-9a-f]{8}): (.*)$", report, re.M)
        if not (st and cr and run):
            return problems + ["report incomplete (state %s, cr2 %s, task %s)"
                               % (bool(st), bool(cr), bool(run))]
        expect_equal(problems, "old cs (ring 0)", "0008", st.group(3))
        expect_equal(problems, "task", task, run.group(1))
        page = cr2_page(int(run.group(3), 16)) if callable(cr2_page) else cr2_page
        expect_equal(problems, "cr2's page", "%08x" % page,
                     "%08x" % (int(cr.group(1), 16) & ~0xFFF))
        if where and where not in run.group(5):
            problems.append("stack diagnosis %r, expected %r" % (run.group(5), where))
        if not re.search(r"^  \[<[0-9a-f]{8}>\] %s\+0x" % fault_fn, report, re.M):
            problems.append("backtrace does not name %s" % fault_fn)
        panics = re.findall(r"^nickel: PANIC on cpu (\d+): double fault$", report, re.M)
        expect_equal(problems, "PANIC lines after the report", [str(cpu)], panics)
        stopped = sorted(int(c) for c in re.findall(r"^nickel: cpu (\d+) stopped$",
                                                    report, re.M))
        expect_equal(problems, "stopped cpus", sorted(set(range(ncpus)) - {cpu}), stopped)
        return problems
    return verify


def df_scenario(name, smp):
    return Scenario(
        name,
        args="demo=hogs hogs=1 crash=df run=10", smp=smp, mem=32, exit_code=1,
        allow_panic=True, forbid=[r"invariant failed", r"soft lockup", r"did not stop"],
        expect=[r"crash=df: cpu %d pushes" % (smp - 1), r"power off \(status=1\)"],
        verify=reported_on(smp - 1, smp, "df", 0xFFFFE000,
                           "crash_push_on_unmapped_stack"),
        timeout=90)


def overflow_scenario(name, smp):
    """crash=kstack: recursion runs the stack into its guard page (kstack.c)."""
    return Scenario(
        name,
        args="demo=hogs hogs=1 check=1 crash=kstack run=10", smp=smp, mem=32,
        exit_code=1, allow_panic=True,
        forbid=[r"invariant failed", r"soft lockup", r"did not stop"],
        expect=[r"crash=kstack: cpu %d recurses" % (smp - 1), r"power off \(status=1\)"],
        verify=reported_on(smp - 1, smp, "kstack", lambda lo: lo - 0x1000,
                           "crash_recurse", where="kernel stack overflow"),
        timeout=90)


SCENARIOS = [
    df_scenario("doublefault-unmapped-esp-smp1-reported-on-cpu0-exit-1", 1),
    df_scenario("doublefault-unmapped-esp-smp2-reported-on-cpu1-exit-1", 2),
    overflow_scenario("doublefault-kernel-stack-overflow-hits-guard-page-smp1-reported-exit-1", 1),
    overflow_scenario("doublefault-kernel-stack-overflow-hits-guard-page-smp2-reported-exit-1", 2),
]
