# Old build against new build through dispatch, per problem: the median over rounds of each
# build's time, beside the best of torch and JAX from JSON lines files (the peers' runs).
#   python3 ab.py disp_ab.log peers1.jsonl [peers2.jsonl ...]
import collections, json, sys, math
t = collections.defaultdict(lambda: collections.defaultdict(list)); info = {}
cur = None
for l in open(sys.argv[1]):
    if l.startswith('=== round'): cur = l.split()[-1]; continue
    x = l.split()
    if len(x) < 6 or 'x' not in x[0] or not x[0][0].isdigit(): continue
    flag = x[2] if x[2].startswith('bcast') else ''
    off = 1 if flag else 0
    key = (x[0], x[1], flag)
    t[key][cur].append(float(x[2 + off])); info[key + (cur,)] = (x[4 + off], x[-1])
peer = {}
for f in sys.argv[2:]:
    for l in open(f):
        j = json.loads(l)
        if 'batch' not in j: continue
        ts = [j[k] for k in ('torch', 'jax') if isinstance(j.get(k), float)]
        if ts: peer[(f"{j['batch']}x{j['m']}x{j['k']}x{j['n']}", j.get('flag', '') or '')] = min(ts) * 1e3
lg = []; moved = []
for k, v in t.items():
    o = sorted(v['old'])[len(v['old']) // 2]; n = sorted(v['new'])[len(v['new']) // 2]
    p = peer.get((k[0], k[2])) or peer.get((k[0], ''))
    same = info[k + ('old',)][1] == info[k + ('new',)][1]
    if not same: moved.append(math.log(o / n))
    lg.append(math.log(o / n))
    print(f"{k[0]:>16} {k[1]} {k[2]:6} old {o:.4f} {info[k + ('old',)][0]:>6} new {n:.4f} {info[k + ('new',)][0]:>6} {o / n:5.2f}x"
          f" {'same kernel' if same else 'moved      '} best peer / new {p / n if p else float('nan'):.2f}")
print(f"geomean all {math.exp(sum(lg) / len(lg)):.3f} (n {len(lg)}); moved {math.exp(sum(moved) / max(1, len(moved))):.3f} (n {len(moved)})")
