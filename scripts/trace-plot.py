#!/usr/bin/python3
"""trace-plot.py TRACE.json OUT.png [FROM_MS TO_MS]: render a `profiler saveJSON` recording as a
timeline picture with gnuplot (Debian's gnuplot-nox): one row per resource
plus one for frames; each scope is a box from its B to its E event, nested
scopes drawn thinner inside their parent, coloured by category (tick, event,
export, callbacks, user...). Time in ms from the recording's start; FROM_MS TO_MS zoom into a window
(a scope of a few microseconds is invisible at a whole recording's scale)."""
import json, os, subprocess, sys, tempfile

trace, out = sys.argv[1], sys.argv[2]
xrange = "set xrange [%s:%s]" % (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else ""
evs = json.load(open(trace))["traceEvents"]
cats = ["frame", "tick", "event", "ref", "export", "callbacks", "db", "http", "load", "user", "hitch"]
colors = ["#d0d0d0", "#1f77b4", "#ff7f0e", "#8c564b", "#2ca02c", "#9467bd", "#e377c2", "#17becf",
          "#7f7f7f", "#d62728", "#000000"]
rows, boxes, stack = {}, [], {}
for e in evs:
    if e["ph"] == "B":
        stack.setdefault(e["tid"], []).append(e)
    elif e["ph"] == "E":
        b = stack[e["tid"]].pop()
        name = b["name"]
        res = "frames" if b["cat"] == "frame" else name[name.rfind("(") + 1:-1]
        rows.setdefault(res, len(rows))
        depth = len(stack[e["tid"]])
        boxes.append((b["ts"] / 1000, e["ts"] / 1000, res, depth, cats.index(b["cat"])))
with tempfile.TemporaryDirectory() as tmp:
    data = os.path.join(tmp, "boxes.dat")
    with open(data, "w") as f:
        for t0, t1, res, depth, cat in sorted(boxes, key=lambda b: b[3]):  # parents first
            y = rows[res]
            half = 0.4 * (0.75 ** depth) if res != "frames" else 0.4
            f.write("%f %f %f %f %f %f %d\n" % ((t0 + t1) / 2, y, t0, t1, y - half, y + half,
                                                 int(colors[cat][1:], 16)))
    ytics = ", ".join('"%s" %d' % (r, y) for r, y in rows.items())
    keys = "".join("set label %d '%s' at graph %f, graph 1.04 tc rgb '%s' font ',9'\n" %
                   (i + 1, c, 0.01 + i * 0.09, colors[i]) for i, c in enumerate(cats[:10]))
    gp = f"""set terminal pngcairo size 1400,{220 + 60 * len(rows)} font 'DejaVu Sans,10'
set output '{out}'
set xlabel 'ms since the recording began'
set ytics ({ytics})
set yrange [-0.6:{len(rows) - 0.4}]
set grid xtics
set termoption noenhanced
{xrange}
set tmargin 4
{keys}
plot '{data}' using 1:2:3:4:5:6:7 with boxxyerror fs solid 1.0 noborder lc rgb variable notitle
"""
    subprocess.run(["gnuplot"], input=gp, text=True, check=True)
print("wrote", out)
