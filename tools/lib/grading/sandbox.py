"""sandbox.py - run a student's build and tests where they can harm nothing
and read nothing of the teacher's.

A graded submission is a private copy of the handout (the tree) with the
student's code spliced in.  What runs there sees that tree and the
toolchain, nothing else: not the teacher's checkout (the solutions,
labs/*/hidden/), not the grader's reference run, not another student's
copy.  Two ways to get there (Sandbox.mode):

  bwrap     Debian's bubblewrap puts the command in new namespaces: no
            network, its own pids (it dies with the grader), and a file
            system of its own holding only view(): the system's toolchain
            read-only, the tree read-only but for the directories the
            caller names writable (the build directory), a fresh /dev and
            /proc, an empty private /tmp.  No capability is kept.
  no-sandbox:uid=N
            where bubblewrap cannot make namespaces (many containers) and
            the grader runs as root: the command runs as the unprivileged
            uid N, in no group but its own.  It sees the whole file system,
            so the caller must make the teacher's files unreadable to it
            (readable_by() checks, with the kernel's own answer); the tree
            is opened to N's group read-only, the writable directories and
            a private scratch (TMPDIR, HOME) belong to N.  No network or
            pid isolation in this mode: after each run every process of N
            is killed (what it left running in the background too).

Both add a CPU-time and memory limit (setrlimit, inherited by every
process the command starts), a wall-clock limit (its process group is
killed) and a clean environment (ENV: nothing of the grader's).

    box = Sandbox(tree, writable=[tree + "/build"])           # bwrap
    box = Sandbox(tree, writable=[...], uid=N, scratch=DIR)   # no-sandbox
    p = box.run(["make", "-s", target], cwd=tree, seconds=300)
"""
import functools
import os
import resource
import shutil
import signal
import subprocess
import time

CPU_SECONDS = 600        # the whole grade of one submission
MEMORY = 2 << 30         # bytes of address space per process (gcc needs ~300 MB)

# What bwrap shows of the machine, besides the tree: the toolchain (gcc,
# binutils, make, python3 and their libraries all live in /usr on Debian),
# the merged-/usr links, and the only /etc files the toolchain reads
# (/usr/bin/cc is an /etc/alternatives link; the dynamic loader's cache).
SYSTEM_DIRS = ("/usr",)
SYSTEM_LINKS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
SYSTEM_ETC = ("/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf",
              "/etc/ld.so.conf.d")
ENV = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp",
       "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


class Unavailable(Exception):
    pass


@functools.lru_cache(maxsize=None)
def bwrap_works():
    """Can bwrap make its namespaces on this machine?  (Asked once.)"""
    if not shutil.which("bwrap"):
        return False
    args = ["bwrap", "--unshare-all", "--cap-drop", "ALL"] + bind_args(system_view())
    return subprocess.run(args + ["true"], capture_output=True).returncode == 0


def system_view():
    """[(path, how)] of the machine's part of the view (SYSTEM_*)."""
    seen = [(d, "read-only") for d in SYSTEM_DIRS if os.path.isdir(d)]
    for link in SYSTEM_LINKS:
        if os.path.islink(link):
            seen.append((link, "link to %s" % os.readlink(link)))
        elif os.path.isdir(link):
            seen.append((link, "read-only"))
    return seen + [(e, "read-only") for e in SYSTEM_ETC if os.path.exists(e)]


def bind_args(view):
    """bwrap's arguments for a view."""
    args = []
    for path, how in view:
        if how == "read-only":
            args += ["--ro-bind", path, path]
        elif how == "writable":
            args += ["--bind", path, path]
        elif how.startswith("link to "):
            args += ["--symlink", how[len("link to "):], path]
        elif path == "/dev":
            args += ["--dev", "/dev"]
        elif path == "/proc":
            args += ["--proc", "/proc"]
        elif path == "/tmp":
            args += ["--tmpfs", "/tmp"]
    return args


def readable_by(uid, paths):
    """The paths that uid (in no group but its own) can read: a file it can
    open, a directory it can list or enter.  Asked of the kernel, by a
    process running as that uid, so ACLs and every parent directory count."""
    probe = 'for p; do { [ -r "$p" ] || { [ -d "$p" ] && [ -x "$p" ]; }; } && echo "$p"; done'
    p = subprocess.run(["/bin/sh", "-c", probe, "sh"] + list(paths), capture_output=True,
                       text=True, user=uid, group=uid, extra_groups=[], env=ENV, cwd="/")
    return [l for l in p.stdout.splitlines() if l]


class Sandbox:
    def __init__(self, tree, writable=(), uid=None, scratch=None, cpu_seconds=CPU_SECONDS,
                 memory=MEMORY):
        self.tree = os.path.abspath(tree)
        self.writable = [os.path.abspath(w) for w in writable]
        for w in self.writable:
            if os.path.commonpath([w, self.tree]) != self.tree:
                raise ValueError("%s is not inside the tree %s" % (w, self.tree))
            os.makedirs(w, exist_ok=True)
        self.uid, self.cpu_seconds, self.memory = uid, cpu_seconds, memory
        self.env = dict(ENV)
        if uid is None:
            if not bwrap_works():
                raise Unavailable("bubblewrap cannot create namespaces here")
            self.mode = "bwrap"
            self.how = "bwrap: no network, the tree read-only but %s, private /tmp, " \
                "%d s CPU, %d MB" % (", ".join(os.path.relpath(w, self.tree)
                                               for w in self.writable) or "nothing",
                                     cpu_seconds, memory >> 20)
        else:
            self.mode = "no-sandbox:uid=%d" % uid
            self.how = "%s (no bubblewrap): the tree read-only but %s, no network " \
                "isolation, %d s CPU, %d MB" % (self.mode, ", ".join(
                    os.path.relpath(w, self.tree) for w in self.writable) or "nothing",
                    cpu_seconds, memory >> 20)
            self._open_to_uid(os.path.abspath(scratch))

    # ---- what the command sees ----------------------------------------

    def view(self):
        """[(path, how)] of everything bwrap binds: how is read-only,
        writable, or what it is (a link, a fresh /dev, an empty /tmp)."""
        seen = system_view()
        seen += [("/dev", "fresh (null, zero, random, tty...)"),
                 ("/proc", "its own pids only"), ("/tmp", "empty, private, writable"),
                 (self.tree, "read-only")]
        seen += [(w, "writable") for w in self.writable]
        return seen

    def command(self, cmd, cwd):
        if self.uid is not None:
            return list(cmd)
        return (["bwrap", "--unshare-all", "--die-with-parent", "--new-session",
                 "--cap-drop", "ALL"] + bind_args(self.view()) +
                ["--chdir", os.path.abspath(cwd), "--"] + list(cmd))

    # ---- no-sandbox: the files the uid may use ------------------------

    def _open_to_uid(self, scratch):
        """The tree readable by the uid's group only (its parent directory
        too, so that no other uid can enter), the writable directories and
        the scratch (TMPDIR, HOME) its own."""
        uid = self.uid
        parent = os.path.dirname(self.tree)
        os.chown(parent, 0, uid)
        os.chmod(parent, 0o750)
        for top, dirs, files in os.walk(self.tree):
            for name in [top] + [os.path.join(top, f) for f in dirs + files]:
                if os.path.islink(name):
                    continue
                runs = os.path.isdir(name) or os.stat(name).st_mode & 0o100
                if any(os.path.commonpath([name, w]) == w for w in self.writable):
                    os.chown(name, uid, uid)
                    os.chmod(name, 0o700 if runs else 0o600)
                else:
                    os.chown(name, 0, uid)
                    os.chmod(name, 0o750 if runs else 0o640)
        os.makedirs(scratch, exist_ok=True)
        os.chown(scratch, uid, uid)
        os.chmod(scratch, 0o700)
        self.env.update(HOME=scratch, TMPDIR=scratch)

    # ---- running ------------------------------------------------------

    def _limits(self):
        resource.setrlimit(resource.RLIMIT_CPU, (self.cpu_seconds, self.cpu_seconds + 5))
        resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))

    def run(self, cmd, cwd, seconds):
        """CompletedProcess of cmd in the sandbox; returncode None when the
        wall-clock limit killed it."""
        as_uid = {} if self.uid is None else {"user": self.uid, "group": self.uid,
                                             "extra_groups": []}
        p = subprocess.Popen(self.command(cmd, cwd), cwd=cwd, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                             errors="replace", env=self.env, start_new_session=True,
                             preexec_fn=self._limits, **as_uid)
        try:
            out, err = p.communicate(timeout=seconds)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            rc = None
        if self.uid is not None:
            self._kill_uid()
        return subprocess.CompletedProcess(cmd, rc, out, err)

    def _kill_uid(self):
        """Every process the uid left behind is gone when this returns:
        kill(-1) as the uid (all of its processes but the killer), then a
        wait until none is left running, since a SIGKILL is only delivered
        when its target is next scheduled, later on a busy host."""
        for _ in range(100):
            subprocess.run(["/bin/sh", "-c", "kill -KILL -1 2>/dev/null; true"],
                           user=self.uid, group=self.uid, extra_groups=[], env=ENV)
            if not running_as(self.uid):
                return
            time.sleep(0.05)


def running_as(uid):
    """Pids of the processes of real uid `uid` that are not zombies
    (proc(5): /proc/PID/status, the Uid and State lines)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/status" % pid) as f:
                fields = dict(l.split(":", 1) for l in f if ":" in l)
        except OSError:
            continue                    # gone meanwhile
        if fields.get("Uid", "").split()[:1] == [str(uid)] and \
                not fields.get("State", "").strip().startswith("Z"):
            found.append(int(pid))
    return found
