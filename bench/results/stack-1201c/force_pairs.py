# Forced configs of a call (forceX.log: every config of a problem in one tailor-bench run,
# rounds marked "=== round N"): best time of each config over the rounds, beside the first
# config listed for the problem (the pick before) and the second (the pick after), with the
# best of torch and JAX from peers.jsonl where present.
#   python3 force_pairs.py CALLDIR FORCELOG FORCEFILE
import collections, json, math, os, sys
d, log, ff = sys.argv[1:4]
order = collections.OrderedDict()
for l in open(ff):
    f = l.split()
    if len(f) < 4: continue
    key = f[0] + ' ' + f[1] + ('' if f[2] == '-' else ' ' + f[2])
    order.setdefault(key, []).append(f[3])
best = {}
for l in open(os.path.join(d, log)):
    f = l.split()
    if len(f) < 8 or f[0] in ('problem', '===') or f[0].startswith('#'): continue
    o = 3 if f[2].startswith('bcast') else 2
    key = f[0] + ' ' + f[1] + (' ' + f[2] if o == 3 else '')
    best.setdefault(key, []).append((float(f[o]), float(f[o + 2][:-1]), f[-1]))
peers = {}
pf = os.path.join(d, 'peers.jsonl')
if os.path.exists(pf):
    for l in open(pf):
        j = json.loads(l)
        if 'batch' not in j: continue
        key = f"{j['batch']}x{j['m']}x{j['k']}x{j['n']} {j['dtype']}" + (f" {j['flag']}" if j.get('flag') else '')
        v = [j[p] * 1e3 for p in ('torch', 'jax') if j.get(p)]
        if v: peers[key] = min(v)
ratios = []
for key, cfgs in order.items():
    runs = best.get(key, [])
    n = len(cfgs)
    if not runs: print(key, 'no runs'); continue
    per = collections.defaultdict(list)
    for i, r in enumerate(runs): per[i % n].append(r)
    t = {i: min(x[0] for x in per[i]) for i in per}
    pc = {i: max(x[1] for x in per[i]) for i in per}
    bp = peers.get(key)
    line = f"{key:32s} before {t[0]*1e3:8.1f} us {pc[0]:5.1f}%  after {t[1]*1e3:8.1f} us {pc[1]:5.1f}%  {t[0]/t[1]:5.2f}x"
    if bp: line += f"  peer {bp*1e3:8.1f} us (after {bp/t[1]:4.2f}x)"
    print(line)
    for i in range(2, n):
        if i in t: print(f"{'':32s}   alt {t[i]*1e3:8.1f} us {pc[i]:5.1f}%  {t[0]/t[i]:5.2f}x  {per[i][0][2][:70]}")
    ratios.append(t[0] / t[1])
print(f"n={len(ratios)} geomean {math.exp(sum(map(math.log, ratios))/len(ratios)):.3f} min {min(ratios):.2f} max {max(ratios):.2f} faster {sum(r > 1 for r in ratios)}")
