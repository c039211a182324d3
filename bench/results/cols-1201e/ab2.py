# Old and new builds through dispatch, alternating (ab.log of a call): best time of each side,
# the ratio, % of copy, kernels; with peers.jsonl (torch, jax) beside where given.
#   python3 ab2.py CALLDIR
import collections, json, math, os, sys
d = sys.argv[1]
rows = collections.OrderedDict(); side = None
for l in open(os.path.join(d, 'ab.log')):
    if l.startswith('==='): side = l.split()[-1]; continue
    f = l.split()
    if len(f) < 8 or f[0] == 'problem': continue
    key = f[0] + ' ' + f[1] + (' ' + f[2] if f[2].startswith('bcast') else '')
    o = 3 if f[2].startswith('bcast') else 2
    rows.setdefault(key, {}).setdefault(side, []).append((float(f[o]), float(f[o + 2][:-1]), f[-1]))
peers = {}
pf = os.path.join(d, 'peers.jsonl')
if os.path.exists(pf):
    for l in open(pf):
        j = json.loads(l)
        if 'batch' not in j: continue
        key = f"{j['batch']}x{j['m']}x{j['k']}x{j['n']} {j['dtype']}" + (f" {j['flag']}" if j.get('flag') else '')
        for peer in ('torch', 'jax', 'cupy'):
            if j.get(peer): peers.setdefault(key, {})[peer] = j[peer] * 1e3  # seconds -> ms
groups = collections.defaultdict(list)
for k, v in rows.items():
    if 'old' not in v or 'new' not in v: continue
    o, n = min(x[0] for x in v['old']), min(x[0] for x in v['new'])
    po, pn = max(x[1] for x in v['old']), max(x[1] for x in v['new'])
    bp = min(peers.get(k, {}).values()) if peers.get(k) else None
    tag = v['new'][0][2]
    print(f"{k:30s} {po:5.1f}% -> {pn:5.1f}%  {o / n:5.2f}x" + (f"  vs best peer {bp / n:5.2f}x" if bp else '') +
          f"   {v['old'][0][2].split('_', 3)[-1][:48]} -> {tag.split('_', 3)[-1][:60]}")
    groups['all'].append(o / n)
r = groups['all']
print(f"n={len(r)} geomean {math.exp(sum(map(math.log, r)) / len(r)):.3f} min {min(r):.2f} max {max(r):.2f} faster {sum(x > 1.0 for x in r)}")
