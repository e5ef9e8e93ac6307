"""plotting: the one look of the lab's pictures (tools/latency,
tools/timeline, tools/bench-matrix), drawn with matplotlib (Debian
python3-matplotlib, installed by `make deps`).

A picture is written as PNG or SVG by its file name's suffix.  SVG text stays
text (searchable, and the tests read the labels back), and the files are
byte-for-byte reproducible: no date, fixed element ids.
"""
import os
import sys

try:
    import matplotlib                     # Debian's: lib/__init__.py
except ImportError:
    sys.exit("plotting: matplotlib missing: run make deps "
             "(Debian python3-matplotlib)")

matplotlib.use("Agg")                     # no display needed
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({
    "font.size": 9, "axes.titlesize": 10, "axes.labelsize": 9,
    "legend.fontsize": 8, "axes.grid": True, "grid.alpha": 0.3,
    "svg.fonttype": "none", "svg.hashsalt": "nickel",
    "figure.dpi": 100, "savefig.dpi": 120,
})

POLICIES = ["nick", "o1", "rr"]
# Fixed colours: a policy or a lab program looks the same in every picture.
NAMED = {"nick": "#2ca02c", "o1": "#1f77b4", "rr": "#d62728",
         "xserver": "#d62728", "xclient": "#ff7f0e", "audio": "#2ca02c",
         "video": "#1f77b4", "hog": "#9a9a9a", "scroller": "#9467bd",
         "compile": "#8c564b", "desktop": "#bcbd22", "cheat": "#e377c2"}
PALETTE = ["#17becf", "#9467bd", "#8c564b", "#e377c2", "#bcbd22", "#7f7f7f",
           "#1f77b4", "#ff7f0e"]
FORMATS = {".png": "png", ".svg": "svg"}


def colour(name, _seen={}):
    """A program's or policy's colour; others get the next palette entry."""
    if name in NAMED:
        return NAMED[name]
    if name not in _seen:
        _seen[name] = PALETTE[len(_seen) % len(PALETTE)]
    return _seen[name]


def check_output(path):
    """None when path ends in a suffix we can write, else the problem."""
    if os.path.splitext(path)[1].lower() not in FORMATS:
        return "%s: the picture's name must end in .png or .svg" % path
    return None


def figure(width_in, height_in, rows=1, cols=1, sharex=False):
    """A new figure and its axes (a list when there are several)."""
    fig, axes = plt.subplots(rows, cols, figsize=(width_in, height_in), squeeze=False,
                             sharex=sharex)
    return fig, [ax for row in axes for ax in row]


def save(fig, paths):
    """Write the figure to each path (one name or a list), as PNG or SVG
    by its suffix, and close it."""
    for path in [paths] if isinstance(paths, str) else paths:
        fmt = FORMATS[os.path.splitext(path)[1].lower()]
        meta = {"Date": None} if fmt == "svg" else {"Software": None}
        fig.savefig(path, format=fmt, metadata=meta, bbox_inches="tight")
    plt.close(fig)


def grouped_bars(paths, title, ylabel, groups, series, value, log=False):
    """One group of bars per x label (groups), one bar per series (a
    policy) in its colour; value(group, series) -> number or None (a run
    that failed or a metric the load lacks: a grey '-' on the axis)."""
    fig, (ax,) = figure(max(4.0, 1.25 * len(groups) + 1.0), 3.6)
    width = 0.8 / len(series)
    labelled = set()
    for si, s in enumerate(series):
        for gi, g in enumerate(groups):
            x = gi + (si - (len(series) - 1) / 2) * width
            v = value(g, s)
            if v is None:
                ax.annotate("-", (x, 0), xycoords=("data", "axes fraction"),
                            ha="center", va="bottom", color="#777", fontsize=12)
            else:
                ax.bar(x, v, width * 0.95, color=colour(s),
                       label=None if s in labelled else s)
                labelled.add(s)
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if log:
        ax.set_yscale("log")
    ax.legend(ncol=len(series), loc="upper center",
              bbox_to_anchor=(0.5, -0.22), frameon=False)
    save(fig, paths)
