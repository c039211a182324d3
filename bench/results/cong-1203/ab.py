#!/usr/bin/env python3
"""ab.py LOG [OLD NEW]: pairs a dispatch log's "=== round R build" sections by problem: each
build's %copy per round, the ratio of mean times (old / new: above 1, new faster), the
geometric mean; problems that moved by 1.5 % or more flagged."""
import collections, math, re, sys
log = sys.argv[1]; old, new = (sys.argv[2], sys.argv[3]) if len(sys.argv) > 3 else ("old", "new")
d = collections.defaultdict(lambda: collections.defaultdict(list)); order = []; cur = None
for l in open(log):
    m = re.match(r"=== round (\d+) (\w+)", l)
    if m: cur = m.group(2); continue
    p = l.split()
    if len(p) > 5 and re.match(r"^\d+x\d+x\d+x\d+$", p[0]):
        i = 2; key = " ".join(p[:2])
        while not re.match(r"^[\d.]+$", p[i]): key += " " + p[i]; i += 1
        if key not in d: order.append(key)
        d[key][cur].append((float(p[i]), p[i + 2], p[-1]))
lg = []
for k in order:
    v = d[k]
    if not v[old] or not v[new]: continue
    o = [x[0] for x in v[old]]; n = [x[0] for x in v[new]]
    r = (sum(o) / len(o)) / (sum(n) / len(n)); lg.append(math.log(r))
    flag = "  <==" if abs(r - 1) >= 0.015 else ""
    print(f"{k:34s} {old} {' '.join(x[1] for x in v[old]):16s} {new} {' '.join(x[1] for x in v[new]):16s} {r:.3f}{flag}  {v[new][0][2]}")
print(f"geomean {math.exp(sum(lg) / len(lg)):.4f} over {len(lg)}; range {math.exp(min(lg)):.3f}-{math.exp(max(lg)):.3f}")
