"""sandbox.py - run a student's build and tests where they can harm nothing.

Debian's bubblewrap (bwrap) puts the command in new namespaces: no
network (an empty network namespace), its own pids (it cannot see or
signal the grader's processes, and dies with it), the whole file system
read-only but one directory (the submission's copy of the handout, where
the build writes), and a private, empty /tmp.  On top of that the
command has a CPU-time and memory limit (setrlimit, inherited by every
process it starts) and a wall-clock limit (its process group is killed).

    box = Sandbox(writable=workdir, readable=[files it reads under /tmp])
    p = box.run(["python3", "tools/grade", ...], cwd=workdir, seconds=300)

available() says whether bwrap can make its namespaces here (it needs
unprivileged user namespaces, or root); without it, Sandbox(...,
required=False) falls back to the limits alone and says so in .how.
"""
import os
import resource
import shutil
import signal
import subprocess

CPU_SECONDS = 600        # the whole grade of one submission
MEMORY = 2 << 30         # bytes of address space per process (gcc needs ~300 MB)


def available():
    """Can bwrap make its namespaces on this machine?"""
    if not shutil.which("bwrap"):
        return False
    p = subprocess.run(["bwrap", "--unshare-all", "--ro-bind", "/", "/", "true"],
                       capture_output=True)
    return p.returncode == 0


class Unavailable(Exception):
    pass


class Sandbox:
    def __init__(self, writable, readable=(), cpu_seconds=CPU_SECONDS, memory=MEMORY,
                 required=True):
        self.writable = os.path.abspath(writable)
        self.readable = [os.path.abspath(r) for r in readable]   # seen under a /tmp
        self.cpu_seconds, self.memory = cpu_seconds, memory
        self.bwrap = available()
        if required and not self.bwrap:
            raise Unavailable("bwrap cannot create namespaces here (apt-get install "
                              "bubblewrap; unprivileged user namespaces must be on)")
        self.how = ("bwrap: no network, read-only tree, private /tmp, %d s CPU, %d MB"
                    % (cpu_seconds, memory >> 20)) if self.bwrap else \
            "NO SANDBOX (bwrap unavailable): CPU, memory and wall-clock limits only"

    def command(self, cmd, cwd):
        if not self.bwrap:
            return list(cmd)
        return ["bwrap", "--unshare-all", "--die-with-parent", "--new-session",
                "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                "--tmpfs", "/tmp"] + [a for r in self.readable for a in ("--ro-bind", r, r)] + [
                "--bind", self.writable, self.writable,
                "--setenv", "TMPDIR", "/tmp", "--chdir", os.path.abspath(cwd),
                "--"] + list(cmd)

    def _limits(self):
        os.setsid()
        resource.setrlimit(resource.RLIMIT_CPU, (self.cpu_seconds, self.cpu_seconds + 5))
        resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))

    def run(self, cmd, cwd, seconds):
        """CompletedProcess of cmd in the sandbox; returncode None when the
        wall-clock limit killed it."""
        p = subprocess.Popen(self.command(cmd, cwd), cwd=cwd, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, errors="replace",
                             preexec_fn=self._limits)
        try:
            out, err = p.communicate(timeout=seconds)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            rc = None
        return subprocess.CompletedProcess(cmd, rc, out, err)
