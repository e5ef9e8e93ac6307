// chart.js - the live chart of the page: each task's CPU share between two
// stat dumps, and the X server's wake-up latency (its `lat` line), drawn on
// canvases; plus the table of shares since the first dump, the number
// docs/lab.md's tables give.  No chart library: a few lines of canvas.
import { shares } from "./statdump.js";

const COLORS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"];

export class LiveChart {
  /* shareCanvas, latCanvas: <canvas>; table: <tbody> for the shares. */
  constructor(shareCanvas, latCanvas, table) {
    this.shareCanvas = shareCanvas;
    this.latCanvas = latCanvas;
    this.table = table;
    this.dumps = [];
    this.series = new Map();    // pid -> {name, color, points: [[t_s, pct]]}
    this.lat = [];              // [[t_s, p50_us, p99_us]]
  }

  add(dump) {
    const prev = this.dumps.at(-1);
    this.dumps.push(dump);
    const t = dump.get("uptime_ms") / 1000;
    if (prev)
      for (const [pid, pct] of shares(prev, dump)) {
        if (!this.series.has(pid)) {
          const name = dump.task({ pid }).name;
          this.series.set(pid, { name, color: COLORS[this.series.size % COLORS.length], points: [] });
        }
        this.series.get(pid).points.push([t, pct]);
      }
    const x = dump.lats.find((l) => l.name === "xserver");
    if (x) this.lat.push([t, x.p50_us, x.p99_us]);
    this.draw();
  }

  /* Shares since the first dump, of the tasks that ran: [{pid, name, pct}]. */
  totals() {
    if (this.dumps.length < 2) return [];
    const s = shares(this.dumps[0], this.dumps.at(-1));
    return [...s].filter(([, pct]) => pct >= 0.05)
      .map(([pid, pct]) => ({ pid, name: this.dumps.at(-1).task({ pid }).name, pct }));
  }

  draw() {
    const running = [...this.series].filter(([, s]) => s.points.some(([, p]) => p >= 0.5));
    plot(this.shareCanvas, "CPU share of each task between two dumps (%)", linear(100),
         running.map(([pid, s]) => ({ label: `${s.name}-${pid}`, color: s.color, points: s.points })));
    plot(this.latCanvas, "X server wake-up latency: p50 and p99 of its lat line",
         log10(10, 1e6), this.lat.length ? [
      { label: "p50", color: "#1f77b4", points: this.lat.map(([t, p50]) => [t, p50]) },
      { label: "p99", color: "#d62728", points: this.lat.map(([t, , p99]) => [t, p99]) },
    ] : [], "no lat line of the X server (it runs in the desktop and compile demos)");
    this.table.replaceChildren(...this.totals().map(({ pid, name, pct }) => {
      const row = document.createElement("tr");
      row.dataset.pid = pid;
      row.dataset.name = name;
      row.dataset.share = pct.toFixed(1);
      row.innerHTML = `<td>${pid}</td><td>${name}</td><td>${pct.toFixed(1)}</td>`;
      return row;
    }));
  }
}

/* The y scales: value -> 0..1 and the ticks to label. */
const linear = (max) => ({ at: (v) => Math.min(v, max) / max, ticks: [0, 25, 50, 75, 100].map((p) => (p * max) / 100) });
const log10 = (lo, hi) => ({
  at: (v) => (Math.log10(Math.min(Math.max(v, lo), hi)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)),
  ticks: [10, 100, 1000, 1e4, 1e5, 1e6].filter((t) => t >= lo && t <= hi),
  label: (us) => (us >= 1e6 ? `${us / 1e6} s` : us >= 1000 ? `${us / 1000} ms` : `${us} us`),
});

/* Lines over time on a canvas: x over the samples, y by `scale`. */
function plot(canvas, title, scale, lines, empty = "no stat dumps yet") {
  const g = canvas.getContext("2d");
  const W = canvas.width, H = canvas.height, L = 44, R = 110, T = 18, B = 20;
  g.clearRect(0, 0, W, H);
  g.font = "11px sans-serif";
  g.fillStyle = "#222";
  g.fillText(title, L, 12);
  g.strokeStyle = "#ccc";
  g.strokeRect(L, T, W - L - R, H - T - B);
  const py = (v) => T + (H - T - B) * (1 - scale.at(v));
  for (const t of scale.ticks) g.fillText(scale.label ? scale.label(t) : String(t), 2, py(t) + 4);
  const xs = lines.flatMap((l) => l.points.map(([t]) => t));
  if (xs.length === 0) {
    g.fillText(empty, L + 10, T + 24);
    return;
  }
  const t0 = Math.min(...xs), t1 = Math.max(t0 + 1, ...xs);
  g.fillText(`${t0.toFixed(0)} s`, L, H - 5);
  g.fillText(`${t1.toFixed(0)} s`, W - R - 30, H - 5);
  const px = (t) => L + ((W - L - R) * (t - t0)) / (t1 - t0);
  lines.forEach((l, i) => {
    g.strokeStyle = g.fillStyle = l.color;
    g.beginPath();
    l.points.forEach(([t, v], j) => (j ? g.lineTo(px(t), py(v)) : g.moveTo(px(t), py(v))));
    g.stroke();
    g.fillText(l.label, W - R + 6, T + 10 + 13 * i);
  });
}
