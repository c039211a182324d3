# Forced configs of a force log beside the first (the dispatch pick) and the best peer:
#   python3 analyze_force.py force.log peers.jsonl
import json, re, sys, math, collections
rows = collections.OrderedDict()
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 9 or not re.match(r"\d+x\d+x\d+x\d+", f[0]): continue
    k = f[-1]; m = re.search(r"_b(\d+)x(\d+)x\d+_v\d_r(\d+)x(\d+)", k)
    tile = f"{m.group(1)}x{m.group(2)} {m.group(3)}x{m.group(4)}" + (" o2" if k.endswith("_o2") else "")
    rows.setdefault(f[0], []).append((tile, float(f[2]) * 1e-3, f[4]))
peers = {}
if len(sys.argv) > 2:
    for line in open(sys.argv[2]):
        d = json.loads(line)
        key = f"{d['batch']}x{d['m']}x{d['k']}x{d['n']}" if 'batch' in d else None
        t = min(d[p] for p in ('torch', 'cupy', 'jax') if isinstance(d.get(p), (int, float))) if key else None
        if key: peers[key] = t
pad = lambda x, t: math.ceil(x / t) * t / x
agg = collections.defaultdict(list)
for s, r in rows.items():
    b, m, k, n = map(int, s.split('x'))
    base = r[0][1]; best = min(r, key=lambda x: x[1])
    pe = peers.get(s)
    print(f"{s:20s} pick {r[0][0]:14s} {base*1e6:7.1f} us  best {best[0]:14s} {base/best[1]:.2f}x" + (f"  peer/best {pe/best[1]:.2f} peer/pick {pe/base:.2f}" if pe else ""))
    for t, v, pc in r[1:]:
        bm, bn = map(int, t.split()[0].split('x'))
        print(f"    {t:14s} {v*1e6:7.1f} us {base/v:5.2f}x  pad {pad(m,bm)*pad(n,bn):.2f} (pick {pad(m,int(r[0][0].split('x')[0]))*pad(n,int(r[0][0].split()[0].split('x')[1])):.2f})")
        agg[t].append(base / v)
print("geomean over shapes, config against the pick:")
for t, v in agg.items():
    print(f"  {t:14s} n={len(v):2d} {math.exp(sum(map(math.log, v))/len(v)):.3f}  ({min(v):.2f}-{max(v):.2f})")
