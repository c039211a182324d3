#!/usr/bin/env python3
"""Forced-kind matrix: kinds.py FORCE_LIST LOG... -> per problem, each tag's time relative to H."""
import sys, collections, math
lst = [l.split() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
groups = collections.OrderedDict()
for s, d, f, c, tag in lst: groups.setdefault((s, d, f), []).append((tag, c))
times = collections.defaultdict(list)
for log in sys.argv[2:]:
    cur = None; i = 0
    for l in open(log):
        w = l.split()
        if not w or w[0] == "tailor:": continue
        if w[0] == "problem": cur = None; i = 0; continue
        fl = w[2] if w[2] in ("bcastA", "bcastB") else "-"
        key = (w[0], w[1], fl)
        pct = [x for x in w if x.endswith("%")]
        t = float(w[3] if fl != "-" else w[2])
        if key in groups and i < len(groups[key]):
            times[(key, groups[key][i][0])].append((t, float(pct[0][:-1])))
            i += 1
tags = sorted({t for g in groups.values() for t, _ in g}, key=lambda x: ["H","M1","Hst","HX","M1st","M1st2","M1X","R","Rt","T","O"].index(x) if x in ["H","M1","Hst","HX","M1st","M1st2","M1X","R","Rt","T","O"] else 99)
print(f"{'problem':28} {'H%':>6} " + " ".join(f"{t:>6}" for t in tags) + "  best")
best_of = collections.defaultdict(list)
for key, g in groups.items():
    def avg(tag):
        v = times.get((key, tag)); return sum(x[0] for x in v) / len(v) if v else None
    h = avg("H"); hp = sum(x[1] for x in times[(key, "H")]) / len(times[(key, "H")]) if times.get((key, "H")) else 0
    row = []
    for t in tags:
        a = avg(t); row.append(f"{h / a:6.2f}" if a and h else "     -")
    cands = [(avg(t), t) for t, _ in g if avg(t)]
    b = min(cands)
    print(f"{key[0]+' '+key[2]:28} {hp:6.1f} " + " ".join(row) + f"  {b[1]} {h / b[0]:.2f}x")
    for t in tags:
        a = avg(t)
        if a and h: best_of[t].append(h / a)
print("geomean vs H, where timed: " + "  ".join(f"{t} {math.exp(sum(map(math.log, v)) / len(v)):.3f} ({len(v)})" for t, v in best_of.items()))
