#!/usr/bin/env python3
"""cmp4.py MISC_LOG: the forced pairs of force4.txt as misc.log of call 3 holds them (two rounds,
the better % of copy of each config): the one-column config against the bulk-copied slab."""
import collections, math, re, sys
txt = open(sys.argv[1]).read()
seg = txt[txt.find("one-column rule forced"):txt.find("tuning on first use")]
res = collections.defaultdict(lambda: collections.defaultdict(list))
for l in seg.splitlines():
    m = re.match(r"(\S+) (f32|f64)\s+([\d.]+)\s+(\d+)\s+([\d.]+)%.*forced\s+(\S+)", l)
    if m:
        res[(m.group(1), m.group(2))][m.group(6)].append(float(m.group(5)))
rs = []
for k, v in res.items():
    one = [x for x in v if "_tm" not in x][0]; alt = [x for x in v if "_tm" in x][0]
    a, b = max(v[one]), max(v[alt]); rs.append(a / b)
    print(f"{k[0]:18s} {k[1]} one-col {a:6.1f}%  bulk {b:6.1f}%  one/bulk {a/b:.3f}  {one.split('rrr_e10_')[1]}  {alt.split('rrr_e10_')[1]}")
print(f"{len(rs)} shapes, one/bulk geomean {math.exp(sum(map(math.log, rs)) / len(rs)):.3f}, range {min(rs):.3f}-{max(rs):.3f}")
