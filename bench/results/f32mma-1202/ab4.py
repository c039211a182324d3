#!/usr/bin/env python3
"""ab4.py DIR SUITE: per problem of SUITE, the old build's time over the new one's (the lower of
the rounds that reached it, ab_{old,new}_{1,2}.jsonl: a round cut off by its timeout leaves
the last problems out), % of copy of both, the rounds each side had, and the geomeans of the
problems the rule changes (K a multiple of 4) and of the others."""
import json, math, sys
d, suite = sys.argv[1], sys.argv[2]
def load(fn):
    out = {}
    try:
        for l in open(fn):
            r = json.loads(l); out[(r['batch'], r['m'], r['k'], r['n'], r['dtype'])] = r
    except FileNotFoundError:
        pass
    return out
o = [load(f"{d}/ab_old_{i}.jsonl") for i in (1, 2)]; n = [load(f"{d}/ab_new_{i}.jsonl") for i in (1, 2)]
groups = {True: [], False: []}
for l in open(suite):
    b, m, k, nn, t = l.split()[:5]
    key = (int(b), int(m), int(k), int(nn), t)
    ro = [x[key] for x in o if key in x]; rn = [x[key] for x in n if key in x]
    if not ro or not rn:
        print(f"{b}x{m}x{k}x{nn} {t}  not reached by both builds"); continue
    bo = min(ro, key=lambda r: r['seconds']); bn = min(rn, key=lambda r: r['seconds'])
    r = bo['seconds'] / bn['seconds']; groups[int(k) % 4 == 0].append(r)
    print(f"{b}x{m}x{k}x{nn} {t}  old {bo['pct_copy']:5.1f} % ({len(ro)})  new {bn['pct_copy']:5.1f} % ({len(rn)})  {r:.3f}x  {bn['kernel']}")
for g, name in ((True, 'K a multiple of 4 (the rule)'), (False, 'odd K (unchanged)')):
    rs = groups[g]
    if rs:
        print(f"{name}: geomean {math.exp(sum(map(math.log, rs)) / len(rs)):.3f}x over {len(rs)}, range {min(rs):.3f}-{max(rs):.3f}")
