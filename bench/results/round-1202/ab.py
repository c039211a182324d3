#!/usr/bin/env python3
"""ab.py DISP_EP_LOG: per problem the median time over rounds of the old and the new build
(gpu_run.sh ab), old/new, % of copy of each, and the geomean."""
import collections, math, sys
t = collections.defaultdict(lambda: collections.defaultdict(list)); pct = collections.defaultdict(lambda: collections.defaultdict(list))
cur = None
for l in open(sys.argv[1]):
    if l.startswith("=== round"): cur = l.split()[-1]; continue
    x = l.split()
    if len(x) < 5 or "x" not in x[0] or not x[0][0].isdigit(): continue
    t[(x[0], x[1])][cur].append(float(x[2])); pct[(x[0], x[1])][cur].append(float(x[4].rstrip("%")))
med = lambda v: sorted(v)[len(v) // 2] if len(v) % 2 else sum(sorted(v)[len(v)//2-1:len(v)//2+1]) / 2
rs = []
for k, v in t.items():
    if not v["old"] or not v["new"]: continue
    o, n = med(v["old"]), med(v["new"]); r = o / n; rs.append(r)
    print(f"{k[0]:>20} {k[1]}  old {o*1e3:7.1f} us {med(pct[k]['old']):5.1f} %  new {n*1e3:7.1f} us {med(pct[k]['new']):5.1f} %  {r:.3f}x")
print(f"n {len(rs)} geomean {math.exp(sum(map(math.log, rs))/len(rs)):.3f} min {min(rs):.3f} max {max(rs):.3f} faster(>1.02) {sum(r>1.02 for r in rs)} slower(<0.98) {sum(r<0.98 for r in rs)}")
