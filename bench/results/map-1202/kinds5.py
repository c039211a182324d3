#!/usr/bin/env python3
"""kinds5.py FORCE_TXT FORCE_LOG: the better of two rounds (% of copy) of each forced config of
force5.txt, by kind (H heuristic, C column groups, T transpose stack, W/W2 whole-column bulk
slab on the TMA unit / the threads' copies, X tuned), and each kind against H."""
import collections, math, re, sys
kinds = collections.defaultdict(dict)  # shape -> kind -> config order index
order = collections.defaultdict(list)
for l in open(sys.argv[1]):
    if not l.strip() or l.startswith('#'): continue
    s, d, f, cfg, _, kind = l.split()[:6]
    order[(s, d)].append(kind)
best = collections.defaultdict(dict)
seen = collections.Counter()
for l in open(sys.argv[2]):
    m = re.match(r"(\S+) (f32|f64) bcastA\s+([\d.]+)\s+(\d+)\s+([\d.]+)%.*forced", l)
    if not m: continue
    key = (m.group(1), m.group(2))
    i = seen[key] % len(order[key]); seen[key] += 1
    k = order[key][i]
    best[key][k] = max(best[key].get(k, 0), float(m.group(5)))
rat = collections.defaultdict(list)
for key, v in sorted(best.items()):
    h = v['H']
    line = f"{key[0]:18s} {key[1]}  H {h:5.1f}%  " + "  ".join(f"{k} {x:5.1f}%" for k, x in v.items() if k != 'H')
    bestk = max(v, key=v.get)
    print(line + f"   best {bestk}")
    for k, x in v.items():
        if k != 'H': rat[k].append(x / h)
for k, r in rat.items():
    print(f"{k}: {len(r)} shapes, vs H geomean {math.exp(sum(map(math.log, r))/len(r)):.3f}, range {min(r):.2f}-{max(r):.2f}")
