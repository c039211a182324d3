# peerside.py CALLDIR: how many problems trail the best of torch and JAX, old build and new
# (best of each side in ab.log, peers.jsonl of the same call).
import collections, json, os, sys
d = sys.argv[1]; rows = collections.defaultdict(dict); side = None
for l in open(os.path.join(d, 'ab.log')):
    if l.startswith('==='): side = l.split()[-1]; continue
    f = l.split()
    if len(f) < 8 or f[0] == 'problem': continue
    k = (f[0], f[1]); t = float(f[3] if f[2].startswith('bcast') else f[2])
    rows[k][side] = min(t, rows[k].get(side, 1e9))
peer = {}
for l in open(os.path.join(d, 'peers.jsonl')):
    j = json.loads(l)
    if 'batch' in j: peer[(f"{j['batch']}x{j['m']}x{j['k']}x{j['n']}", j['dtype'])] = min(j[p] for p in ('torch', 'jax') if isinstance(j.get(p), float)) * 1e3
old = sum(1 for k, v in rows.items() if k in peer and peer[k] / v['old'] < 1)
new = sum(1 for k, v in rows.items() if k in peer and peer[k] / v['new'] < 1)
print(f"{d}: {len(rows)} problems, behind the best peer: old {old}, new {new}")
