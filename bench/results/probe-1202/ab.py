#!/usr/bin/env python3
"""ab.py DIR: per problem, the old build's time over the new one's (the lower of two rounds
each, ab_{old,new}_{1,2}.jsonl), % of copy of both, and the geomean."""
import json, math, sys
d = sys.argv[1]
def load(fn):
    out = {}
    for l in open(fn):
        r = json.loads(l); out[(r['batch'], r['m'], r['k'], r['n'], r['dtype'])] = r
    return out
o = [load(f"{d}/ab_old_{i}.jsonl") for i in (1, 2)]; n = [load(f"{d}/ab_new_{i}.jsonl") for i in (1, 2)]
rs = []
for k in o[0]:
    ro = min((x[k] for x in o), key=lambda r: r['seconds']); rn = min((x[k] for x in n), key=lambda r: r['seconds'])
    r = ro['seconds'] / rn['seconds']; rs.append(r)
    print(f"{k[0]}x{k[1]}x{k[2]}x{k[3]} {k[4]}  old {ro['pct_copy']:5.1f} %  new {rn['pct_copy']:5.1f} %  {r:.3f}x  {rn['kernel']}")
print(f"geomean {math.exp(sum(map(math.log, rs)) / len(rs)):.3f}x over {len(rs)}, range {min(rs):.3f}-{max(rs):.3f}")
