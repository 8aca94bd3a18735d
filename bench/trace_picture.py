#!/usr/bin/env python3
"""Draws the Worker View of a converted trace as an SVG page, from what Perfetto's trace processor imported.

    trace_picture.py TRACE_PROCESSOR TRACE FROM_US TO_US OUT.html

Every slice of the window on the Worker View's lanes, and every arrow between two of them as the processor's
flow table holds it: dependency arrows grey, hb_violation arrows red. Slices are coloured by name the way the UI
colours them (a hash of the name picks the hue), so the page reads like the trace in ui.perfetto.dev.
"""
import csv
import html
import io
import subprocess
import sys
import zlib

tp, trace, t0, t1, out = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
T0, T1 = int(t0 * 1000), int(t1 * 1000)


def query(sql):
    r = subprocess.run([tp, "-q", "/dev/stdin", trace], input=sql, capture_output=True, text=True, check=True)
    rows = list(csv.reader(io.StringIO(r.stdout)))
    return rows[1:] if rows else []


slices = query(f"""
select s.id, s.ts, s.dur, s.depth, s.name, s.category, thread.tid, thread.name
from slice s join thread_track tt on s.track_id = tt.id join thread using(utid) join process using(upid)
where process.name = 'Worker View' and s.ts < {T1} and s.ts + s.dur > {T0};
""")
flows = query("select slice_out, slice_in, (trace_id & 15) from flow;")

lanes = sorted({(int(r[6]), r[7]) for r in slices})
lane_row = {tid: i for i, (tid, _) in enumerate(lanes)}
by_id = {r[0]: r for r in slices}

W, LABEL, TOP, LANE = 1400, 70, 56, 24
x = lambda ns: LABEL + (min(max(ns, T0), T1) - T0) * (W - LABEL - 10) / (T1 - T0)
y = lambda tid: TOP + lane_row[tid] * LANE


def colour(name):
    base = name.split("(")[0]
    hue = zlib.crc32(base.encode()) % 360
    return f"hsl({hue},45%,62%)"


svg = []
H = TOP + len(lanes) * LANE + 40
for i, (tid, name) in enumerate(lanes):
    yy = TOP + i * LANE
    if i % 2:
        svg.append(f'<rect x="0" y="{yy}" width="{W}" height="{LANE}" fill="#f6f7f9"/>')
    svg.append(f'<text x="8" y="{yy + 16}" class="lane">{html.escape(name)}</text>')
step = 10_000
for ns in range((T0 // step + 1) * step, T1, step):
    svg.append(f'<line x1="{x(ns):.1f}" x2="{x(ns):.1f}" y1="{TOP - 6}" y2="{H - 40}" stroke="#e3e5e8"/>')
    svg.append(f'<text x="{x(ns) + 3:.1f}" y="{TOP - 10}" class="tick">{ns / 1000:.0f} µs</text>')
for r in slices:
    if r[5] != "event":
        continue
    ts, dur, tid = int(r[1]), int(r[2]), int(r[6])
    x0, x1 = x(ts), x(ts + dur)
    svg.append(f'<rect x="{x0:.1f}" y="{y(tid) + 3}" width="{max(x1 - x0, 1):.1f}" height="{LANE - 6}" '
               f'fill="{colour(r[4])}"><title>{html.escape(r[4])}</title></rect>')
    if x1 - x0 > 40:
        label = html.escape(r[4][: int((x1 - x0) / 6.2)])
        svg.append(f'<text x="{x0 + 3:.1f}" y="{y(tid) + 16}" class="slice">{label}</text>')
hb = 0
for so, si, kind in flows:
    a, b = by_id.get(so), by_id.get(si)
    if a is None or b is None:
        continue
    red = kind == "2"
    hb += red
    xa, ya = x(int(a[1]) + int(a[2])), y(int(a[6])) + LANE / 2
    xb, yb = x(int(b[1])), y(int(b[6])) + LANE / 2
    bend = max(abs(xb - xa) / 2, 12)
    svg.append(f'<path d="M{xa:.1f},{ya:.1f} C{xa + bend:.1f},{ya:.1f} {xb - bend:.1f},{yb:.1f} {xb:.1f},{yb:.1f}" '
               f'class="{"hb" if red else "dep"}" marker-end="url(#{"hbh" if red else "deph"})"/>')

legend = (f'<text x="{LABEL}" y="22" class="title">Worker View, {t0:.0f}–{t1:.0f} µs: '
          f'{sum(1 for r in slices if r[5] == "event")} slices, grey = dependency, red = hb_violation ({hb})</text>')
page = f"""<!doctype html><meta charset="utf-8"><style>
body{{margin:0;background:#fff;font-family:Roboto,Helvetica,Arial,sans-serif}}
.lane{{font-size:12px;fill:#333}} .tick{{font-size:11px;fill:#777}} .slice{{font-size:11px;fill:#1b1b1b}}
.title{{font-size:14px;fill:#222;font-weight:500}}
.dep{{fill:none;stroke:#5f6368;stroke-width:1.1;opacity:.75}} .hb{{fill:none;stroke:#d93025;stroke-width:2.4}}
</style><svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}">
<defs><marker id="deph" markerWidth="8" markerHeight="8" refX="7" refY="4" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#5f6368"/></marker>
<marker id="hbh" markerWidth="9" markerHeight="9" refX="8" refY="4.5" orient="auto"><path d="M0,0 L9,4.5 L0,9 z" fill="#d93025"/></marker></defs>
{legend}
{''.join(svg)}
</svg>"""
open(out, "w").write(page)
print(f"{len(lanes)} lanes, {len(slices)} slices, {hb} hb_violation arrows", file=sys.stderr)
