#!/usr/bin/env python3
"""The cost model's time against the measured one, per kernel: for each problem and build of
tailor-bench A/B logs, the kernel read from its name (model.py's config()), `tailor-gen
--predict --config` for its time, and the predicted over the measured median, then the median
of that ratio for each kind of kernel (FMA tile, DMMA tile, slab). Regrouped kernels skipped.
Usage: absolute.py TAILOR_GEN LOG [LOG ...]"""
import os, sys, statistics
from collections import defaultdict
src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'model.py')).read().replace('\nmain()\n', '\n')
ns = {}; exec(compile(src, 'model.py', 'exec'), ns)
gen = sys.argv[1]; logs = sys.argv[2:]
times = defaultdict(lambda: defaultdict(list)); kern = {}
for log in logs:
    side = None
    for line in open(log):
        if line.startswith('=== round'): side = line.split()[3]; continue
        f = line.split()
        if not f or 'x' not in f[0] or f[0] == 'problem': continue
        key = tuple(f[:3]) if f[2].startswith('bcast') else tuple(f[:2])
        times[key][side].append(float(f[len(key)])); kern[(key, side)] = f[-1]
rat = defaultdict(list)
for key, v in times.items():
    for side, ts in v.items():
        k = kern[(key, side)]
        try: c, m = ns['config'](k)
        except Exception: continue
        if m != int(key[0].split('x')[1]): continue
        p = ns['predict'](gen, key, c)
        fam = 'slab' if c.startswith('slab') else ('dmma' if ',mma=1' in c else 'fma')
        meas = statistics.median(ts) * 1e3
        rat[fam].append(p / meas)
        print(f"{' '.join(key):30} {side:4} {fam:5} meas {meas:7.1f} us pred {p:7.1f} pred/meas {p/meas:5.2f}  {c}")
for f, r in rat.items(): print(f, len(r), 'median pred/meas', round(statistics.median(r), 2), 'range', round(min(r), 2), round(max(r), 2))
