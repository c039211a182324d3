#!/usr/bin/env python3
"""outside.py FINAL_OUT MOVED: bench/outside_suite.txt through dispatch under the build with
the sector rule (the final run's section) and the build before it (the section after it),
per problem new/old speed; the problems listed in MOVED (shape dtype) apart from the rest."""
import math, sys
sec = {}; cur = None
for l in open(sys.argv[1]):
    if "shapes outside the suite through dispatch" in l: cur = "new"; continue
    if "outside the suite, build before the rule" in l: cur = "old"; continue
    if l.startswith("==="): cur = None if cur != "old" else cur; continue
    x = l.split()
    if cur and len(x) > 8 and "x" in x[0] and x[0][0].isdigit():
        sec.setdefault(cur, {})[(x[0], x[1])] = (float(x[2]), float(x[4].rstrip("%")))
moved = {tuple(l.split()[:2]) for l in open(sys.argv[2]) if l.strip()}
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for grp in (True, False):
    rs = []
    for k in sec["new"]:
        if k not in sec["old"] or (k in moved) != grp: continue
        o, n = sec["old"][k], sec["new"][k]; r = o[0] / n[0]; rs.append(r)
        if grp: print(f"{k[0]:>20} {k[1]} old {o[1]:5.1f} %  new {n[1]:5.1f} %  {r:.3f}x")
    print(("moved" if grp else "unmoved"), len(rs), f"geomean {gm(rs):.3f} range {min(rs):.3f}-{max(rs):.3f}")
pn = sorted(v[1] for v in sec["new"].values()); po = sorted(v[1] for v in sec["old"].values())
print("new: %d problems, %.1f-%.1f %% of copy, median %.1f %%" % (len(pn), pn[0], pn[-1], pn[len(pn)//2] if len(pn)%2 else (pn[len(pn)//2-1]+pn[len(pn)//2])/2))
print("old: %d problems, %.1f-%.1f %% of copy, median %.1f %%" % (len(po), po[0], po[-1], po[len(po)//2] if len(po)%2 else (po[len(po)//2-1]+po[len(po)//2])/2))
