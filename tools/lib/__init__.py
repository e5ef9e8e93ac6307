"""lib: the commands' code, a module per command in a sub-package per
concern; tools/CMD calls its main() and finds `lib` because its folder is
first on its import path.  tests/run.py hands the same path to the tests.

Debian's python3-* packages that make deps installs (python3-clang-14,
python3-matplotlib, python3-yaml) live in /usr/lib/python3/dist-packages,
which /usr/bin/python3 reads and a python3 found first on PATH (pyenv, a
venv) does not: that folder goes last on the path, after the Python's own
packages, so a module of the Python itself still wins."""
import os
import sys

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # tools/
ROOT = os.path.dirname(TOOLS)                                          # the tree
DEBIAN_PACKAGES = "/usr/lib/python3/dist-packages"
if DEBIAN_PACKAGES not in sys.path:
    sys.path.append(DEBIAN_PACKAGES)
