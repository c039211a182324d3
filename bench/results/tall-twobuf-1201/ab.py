# Pairs tailor-bench --json runs of two builds through dispatch (rounds alternating):
#   python3 ab.py DIR [old new ...]   reads DIR/ab_<build>_<round>.jsonl, rounds 1 and 2
# Prints each problem's best % of copy under each build, the ratio of the best times
# against the first build, and the geomean over the problems whose kernel moved.
import json, math, sys, glob
d = sys.argv[1]; builds = sys.argv[2:] or ['old', 'new']
def load(f):
    out = {}
    for l in open(f):
        r = json.loads(l)
        if 'batch' in r: out[(r['batch'], r['m'], r['k'], r['n'], r['dtype'], r['flag'])] = r
    return out
S = {b: [load(f) for f in sorted(glob.glob(f'{d}/ab_{b}_*.jsonl'))] for b in builds}
base = builds[0]
moved = {b: [] for b in builds[1:]}
for k in S[base][0]:
    t = {b: min(x[k]['seconds'] for x in S[b]) for b in builds}
    pc = {b: max(x[k]['pct_copy'] for x in S[b]) for b in builds}
    cols = ' '.join(f"{b} {pc[b]:5.1f}" for b in builds)
    rat = ' '.join(f"{t[base] / t[b]:5.2f}x{'' if S[b][0][k]['kernel'] != S[base][0][k]['kernel'] else '='}" for b in builds[1:])
    print(f"{'x'.join(map(str, k[:4])):>20} {k[4]} {k[5]:6} {cols}  {rat}  {S[builds[-1]][0][k]['kernel']}")
    for b in builds[1:]:
        if S[b][0][k]['kernel'] != S[base][0][k]['kernel']: moved[b].append(t[base] / t[b])
for b, v in moved.items():
    if v: print(f"{b}: {len(v)} moved, geomean {math.exp(sum(map(math.log, v)) / len(v)):.3f}x, {min(v):.2f}-{max(v):.2f}x")
