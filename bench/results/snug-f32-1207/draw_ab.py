#!/usr/bin/env python3
"""A fresh draw (seed given, default 1213) of f32 products with B shared, sides 40-256 (M or N
past 64), K 16-300, about 100 MB, whose heuristic pick differs between two builds' tailor-gen
(OLD, NEW): for the through-dispatch check of a rule change. Writes draw<seed>.txt (a suite
file) with COUNT (default 20) shapes. Usage: draw_ab.py OLD_GEN NEW_GEN [SEED] [COUNT]"""
import random, subprocess, sys
old, new = sys.argv[1], sys.argv[2]
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1213
count = int(sys.argv[4]) if len(sys.argv) > 4 else 20
rng = random.Random(seed)

def pick(gen, shape):
    r = subprocess.run([gen, '--shape', shape, '--dtype', 'f32', '--bcast', 'B', '--predict'],
                       capture_output=True, text=True, check=True)
    return r.stdout.split()[2]

out, tried = [], 0
while len(out) < count and tried < 20000:
    tried += 1
    m, k, n = rng.randint(40, 256), rng.randint(16, 300), rng.randint(40, 256)
    if max(m, n) <= 64: continue
    b = max(2, round(100e6 / 4 / (m * k + m * n)))
    shape = f'{b}x{m}x{k}x{n}'
    if pick(old, shape) != pick(new, shape): out.append(f'{b} {m} {k} {n} f32 bcastB')
with open(f'draw{seed}.txt', 'w') as f:
    f.write('\n'.join(out) + '\n')
print(f'{len(out)} of {tried} drawn shapes change', file=sys.stderr)
