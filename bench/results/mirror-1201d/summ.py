# summ.py CALLDIR FORCEFILE: per shape, the first config (the heuristic's pick) against each
# forced option (median of rounds), beside the best of torch/JAX from peers.jsonl.
import json, sys, re, statistics, collections
d, ff = sys.argv[1:3]
order = collections.OrderedDict()
for l in open(ff):
    if l.strip() and not l.startswith('#'):
        s, dt, fl, cfg = l.split()[:4]; order.setdefault((s, dt), []).append(cfg)
times = collections.defaultdict(list); kern = {}
cur = None; idx = collections.Counter()
for l in open(f"{d}/force.log"):
    if l.startswith('problem') or l.startswith('==='):
        cur = None; continue
    f = l.split()
    if len(f) < 9 or not re.match(r'\d+x', f[0]): continue
    key = (f[0], f[1])
    if cur != key: cur = key; i = 0
    times[(key, i)].append((float(f[3]), f[5])); kern[(key, i)] = f[-1]; i += 1
peer = {}
for l in open(f"{d}/peers.jsonl"):
    r = json.loads(l)
    if 'batch' not in r: continue
    k = (f"{r['batch']}x{r['m']}x{r['k']}x{r['n']}", r['dtype'])
    peer[k] = r
for key, cfgs in order.items():
    base = statistics.median(t for t, _ in times[(key, 0)]) if times[(key, 0)] else float('nan')
    pc = [times[(key, 0)][0][1] if times[(key, 0)] else '?']
    print(f"{key[0]} {key[1]}: pick {base*1000:.1f}us {pc[0]}", end='')
    r = peer.get(key)
    if r:
        ps = [r[p] for p in ('torch', 'jax') if isinstance(r.get(p), (int, float))]
        if ps: best = min(ps) * 1000; print(f"  peer {best*1000:.1f}us ({best/base:.2f}x)", end='')
    print()
    for i, c in enumerate(cfgs[1:], 1):
        if times[(key, i)]:
            t = statistics.median(x for x, _ in times[(key, i)])
            print(f"    {t*1000:7.1f}us {base/t:5.2f}x  {times[(key,i)][0][1]}  {c}")
