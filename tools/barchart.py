"""barchart: a grouped bar chart as SVG (tools/bench-matrix's pictures).

One group of bars per x label (e.g. a load on N CPUs), one bar per series
(a policy) in its svgplot colour.  A value of None is a missing bar (a run
that failed, or a metric the load does not have): drawn as a grey "-".
With log=True the y axis is logarithmic (latencies from 0.1 ms to seconds).
"""
import math

from svgplot import Svg, colour

LEFT, RIGHT, TOP, BOTTOM = 70, 20, 40, 70
PLOT_H = 260


def _scale(values, log):
    """(y of a value in 0..1, tick values) for the values present."""
    present = [v for v in values if v is not None]
    if log:
        lo = 10 ** math.floor(math.log10(max(min(present or [1]), 0.1)))
        hi = 10 ** math.ceil(math.log10(max(max(present or [1]), lo * 10)))
        span = math.log10(hi) - math.log10(lo)
        ticks = [lo * 10 ** i for i in range(int(round(span)) + 1)]
        return (lambda v: (math.log10(max(v, lo)) - math.log10(lo)) / span), ticks
    hi = max(present or [1]) or 1
    step = 10 ** math.floor(math.log10(hi))
    if hi / step < 2.5:
        step /= 4 if hi / step < 1.5 else 2
    top = step * math.ceil(hi / step)
    ticks = [step * i for i in range(int(round(top / step)) + 1)]
    return (lambda v: v / top), ticks


def _tick_label(v):
    return ("%g" % v) if v < 100000 else ("%.0e" % v)


def bar_chart(path, title, ylabel, groups, series, value, log=False):
    """Write an SVG: groups = x labels, series = bar names, value(group,
    series) -> number or None."""
    values = [value(g, s) for g in groups for s in series]
    frac, ticks = _scale(values, log)
    bar_w, gap = 16, 14
    group_w = bar_w * len(series) + gap
    width = LEFT + RIGHT + group_w * len(groups)
    svg = Svg(width, TOP + PLOT_H + BOTTOM)
    svg.text(width / 2, 20, title, size=14, anchor="middle")
    svg.text(12, TOP + PLOT_H / 2, ylabel, size=11)
    base = TOP + PLOT_H
    for t in ticks:
        y = base - frac(t) * PLOT_H
        svg.line(LEFT, y, width - RIGHT, y, stroke="#ddd")
        svg.text(LEFT - 4, y + 4, _tick_label(t), size=10, anchor="end")
    for gi, g in enumerate(groups):
        x0 = LEFT + gi * group_w + gap / 2
        for si, s in enumerate(series):
            v = value(g, s)
            x = x0 + si * bar_w
            if v is None:
                svg.text(x + bar_w / 2, base - 3, "-", size=10, anchor="middle", fill="#999")
                continue
            h = max(frac(v), 0) * PLOT_H
            svg.rect(x, base - h, bar_w - 1, h, colour(s), title="%s %s: %g" % (g.replace("\n", " "), s, v))
        for li, line in enumerate(g.split("\n")):    # a label may have two lines
            svg.text(x0 + bar_w * len(series) / 2, base + 14 + 12 * li, line, size=10,
                     anchor="middle")
    svg.line(LEFT, base, width - RIGHT, base)
    for si, s in enumerate(series):
        x = LEFT + si * 70
        svg.rect(x, base + 40, 10, 10, colour(s))
        svg.text(x + 14, base + 49, s, size=11)
    svg.save(path)
