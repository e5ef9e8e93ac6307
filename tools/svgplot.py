"""svgplot: the little SVG writing the lab tools need (no plotting library:
the tools use Python's standard library only)."""
from xml.sax.saxutils import escape

PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
           "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
# Fixed colours for the lab's programs, so every picture reads the same.
NAMED = {"xserver": "#d62728", "xclient": "#ff7f0e", "audio": "#2ca02c",
         "video": "#1f77b4", "hog": "#7f7f7f", "scroller": "#9467bd",
         "compile": "#8c564b", "desktop": "#bcbd22",
         "nick": "#2ca02c", "o1": "#1f77b4", "rr": "#d62728"}


def colour(name, _seen={}):
    if name in NAMED:
        return NAMED[name]
    if name not in _seen:
        _seen[name] = PALETTE[len(_seen) % len(PALETTE)]
    return _seen[name]


class Svg:
    def __init__(self, width, height):
        self.w, self.h, self.items = width, height, []

    def rect(self, x, y, w, h, fill, title=None):
        t = "<title>%s</title>" % escape(title) if title else ""
        self.items.append('<rect x="%.1f" y="%.1f" width="%.2f" height="%.1f" '
                          'fill="%s">%s</rect>' % (x, y, max(w, 0.3), h, fill, t))

    def line(self, x1, y1, x2, y2, stroke="#000", width=1, dash=None):
        d = ' stroke-dasharray="%s"' % dash if dash else ""
        self.items.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" '
                          'stroke-width="%s"%s/>' % (x1, y1, x2, y2, stroke, width, d))

    def polyline(self, pts, stroke, width=2):
        p = " ".join("%.1f,%.1f" % xy for xy in pts)
        self.items.append('<polyline points="%s" fill="none" stroke="%s" '
                          'stroke-width="%s"/>' % (p, stroke, width))

    def poly(self, pts, fill):
        p = " ".join("%.1f,%.1f" % xy for xy in pts)
        self.items.append('<polygon points="%s" fill="%s"/>' % (p, fill))

    def text(self, x, y, s, size=12, anchor="start", fill="#000"):
        self.items.append('<text x="%.1f" y="%.1f" font-size="%d" text-anchor="%s" '
                          'fill="%s" font-family="sans-serif">%s</text>'
                          % (x, y, size, anchor, fill, escape(str(s))))

    def render(self):
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
                'viewBox="0 0 %d %d">\n<rect width="100%%" height="100%%" fill="#fff"/>\n'
                % (self.w, self.h, self.w, self.h) + "\n".join(self.items) + "\n</svg>\n")

    def save(self, path):
        with open(path, "w") as f:
            f.write(self.render())
