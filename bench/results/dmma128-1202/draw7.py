#!/usr/bin/env python3
"""A fresh draw (seed, count) of shapes of sides 40-256 whose heuristic pick under GEN (the
build before the four-stage rule) is the 64 x 64 x 8 DMMA tile in three stages, as a suite
file, plus a few whose pick is another DMMA tile (unchanged by the rule)."""
import random, subprocess, sys
gen, seed, n, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = random.Random(seed)
def heur(shape, dt):
    o = subprocess.run([gen, '--shape', shape, '--dtype', dt], capture_output=True, text=True).stdout
    for l in o.splitlines():
        if l.startswith('// config:'): return l.split(None, 2)[2].strip()
    return ''
changed, other, tries = [], [], 0
while (len(changed) < n or len(other) < 4) and tries < 3000:
    tries += 1
    dt = rng.choice(['f64', 'f32'])
    m, k, nn = rng.randint(40, 256), rng.randint(16, 256), rng.randint(40, 256)
    if dt == 'f32': k, nn = (k + 3) // 4 * 4, (nn + 3) // 4 * 4
    es = 8 if dt == 'f64' else 4
    b = max(1, int(400e6 / ((m * k + k * nn + m * nn) * es)))
    h = heur(f"{b}x{m}x{k}x{nn}", dt)
    if 'mma=1' not in h or not h.startswith('tiled'): continue
    line = f"{b} {m} {k} {nn} {dt}"
    if 'bm=64,bn=64,bk=8' in h and h.endswith('st=3'):
        if len(changed) < n: changed.append(line)
    elif len(other) < 4: other.append(line)
open(out, 'w').write('\n'.join(changed + other) + '\n')
print(len(changed), 'changed', len(other), 'other, from', tries, 'draws')
