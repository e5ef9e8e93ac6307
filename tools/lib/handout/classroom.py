"""classroom: GitHub Classroom's autograding workflow for a lab
(tools/handout --classroom): one step per graded host test, worth its points."""
import importlib.util
import os

CLASSROOM_PATH = ".github/workflows/classroom.yml"
CLASSROOM_HEAD = """\
# GitHub Classroom autograding for lab %(lab)s (made by tools/handout --classroom).
# Each graded host test is one step worth its points; the reporter adds them up.
name: Autograding Tests
on: [push, workflow_dispatch, repository_dispatch]
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    timeout-minutes: 30
    steps:
      - name: Checkout code
        uses: actions/checkout@v4
      - name: Build tools
        run: sudo apt-get update && sudo apt-get install -y make gcc python3
"""
CLASSROOM_TEST = """\
      - name: %(name)s
        id: t%(n)d
        uses: classroom-resources/autograding-command-grader@v1
        with:
          test-name: %(name)s
          command: python3 tools/grade --lab %(lab)s --host-only --strict --test '^%(name)s$'
          timeout: 10
          max-score: %(points)d
"""
CLASSROOM_REPORT = """\
      - name: Autograding Reporter
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
%(env)s
        with:
          runners: %(runners)s
"""


def classroom_workflow(src, lab):
    """The workflow: one command-grader step per graded host test (a QEMU
    test is left out: no KVM on GitHub's runners), then the reporter."""
    spec = importlib.util.spec_from_file_location("grade_" + lab,
                                                  os.path.join(src, "labs", lab, "grade.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    tests = [t for t in mod.TESTS if not getattr(t, "qemu", False)]
    text = CLASSROOM_HEAD % {"lab": lab}
    for n, t in enumerate(tests, 1):
        text += CLASSROOM_TEST % {"name": t.name, "n": n, "lab": lab, "points": t.points}
    env = "\n".join("          T%d_RESULTS: \"${{steps.t%d.outputs.result}}\"" % (n, n)
                     for n in range(1, len(tests) + 1))
    runners = ",".join("t%d" % n for n in range(1, len(tests) + 1))
    return text + CLASSROOM_REPORT % {"env": env, "runners": runners}
