# Tailor (tailor-bench --json) beside torch and JAX (peers.py --out) on the same problems:
#   python3 vs.py DRAW.jsonl PEERS.jsonl
import json, sys, math
t = {}
for l in open(sys.argv[1]):
    r = json.loads(l)
    if 'batch' in r: t[(r['batch'], r['m'], r['k'], r['n'], r['dtype'], r['flag'])] = r
rows = []; cp = None
for l in open(sys.argv[2]):
    r = json.loads(l)
    if 'copy_GBps' in r: cp = r['copy_GBps']; continue
    key = (r['batch'], r['m'], r['k'], r['n'], r['dtype'], r['flag'])
    if key not in t: continue
    x = t[key]; best = min(v for k2, v in r.items() if k2 in ('torch', 'cupy', 'jax') and v)
    who = min((k2 for k2 in ('torch', 'cupy', 'jax') if r.get(k2)), key=lambda k2: r[k2])
    rows.append((best / x['seconds'], key, x, who, r['bytes']))
rows.sort(key=lambda z: z[0])
for ratio, key, x, who, b in rows:
    print(f"{'x'.join(map(str, key[:4])):>22} {key[4]} {key[5]:6} {x['pct_copy']:6.1f}% best {who:5} {b / (x['seconds'] * ratio) / 1e9 / cp * 100:6.1f}%  {ratio:5.2f}x  {x['kernel']}")
g = math.exp(sum(math.log(z[0]) for z in rows) / len(rows))
print(f"{len(rows)} problems, geomean {g:.2f}x, behind on {sum(z[0] < 1 for z in rows)}")
