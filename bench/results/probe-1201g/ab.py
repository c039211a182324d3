#!/usr/bin/env python3
"""ab.py DIR PREFIX: PREFIX_{old,new}_{1,2}.jsonl (tailor-bench --json through dispatch, the two
builds alternating) -> each problem's % of copy in both rounds and old time / new time."""
import json, math, collections, sys
d = collections.defaultdict(dict)
for side in ("old", "new"):
    for r in (1, 2):
        for l in open(f"{sys.argv[1]}/{sys.argv[2]}_{side}_{r}.jsonl"):
            j = json.loads(l)
            if "batch" in j:
                d[(j["batch"], j["m"], j["k"], j["n"], j.get("flag", ""))].setdefault(side, []).append(j)
lg = []
for k, v in d.items():
    o = sum(x["seconds"] for x in v["old"]) / len(v["old"]); n = sum(x["seconds"] for x in v["new"]) / len(v["new"])
    lg.append(math.log(o / n))
    sp = lambda s: " / ".join(f"{x['pct_copy']:.1f}" for x in v[s])
    print(f"{'x'.join(map(str, k[:4])):>18} {k[4]:6} old {sp('old')}% new {sp('new')}%  {o / n:5.2f}x  {v['new'][0]['kernel']}")
print(f"{len(lg)} problems, geomean new/old {math.exp(sum(lg) / len(lg)):.3f}")
