#!/usr/bin/env python3
"""A fresh draw of the family the FMA-tile factor moves (f32, sides 8-64, K 2-128, A or B shared
or neither, about 100 MB), keeping the shapes whose heuristic pick differs between two builds'
tailor-gen (OLD, NEW). Writes draw<seed>.txt (a suite file) with COUNT shapes.
Usage: draw_fma.py OLD_GEN NEW_GEN SEED COUNT"""
import random, subprocess, sys
old, new, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)

def pick(gen, shape, bc):
    args = [gen, '--shape', shape, '--dtype', 'f32', '--predict'] + (['--bcast', bc] if bc else [])
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()[2]

out, tried, moved = [], 0, 0
while len(out) < count and tried < 5000:
    tried += 1
    m, k, n = rng.randint(8, 64), rng.randint(2, 128), rng.randint(8, 64)
    bc = rng.choice(['', 'A', 'B', 'B'])
    b = max(2, round(100e6 / 4 / ((0 if bc == 'A' else m * k) + (0 if bc == 'B' else k * n) + m * n)))
    shape = f'{b}x{m}x{k}x{n}'
    if pick(old, shape, bc) != pick(new, shape, bc):
        out.append(f'{b} {m} {k} {n} f32' + (f' bcast{bc}' if bc else ''))
with open(f'draw{seed}.txt', 'w') as f:
    f.write('\n'.join(out) + '\n')
print(f'{len(out)} of {tried} drawn shapes change', file=sys.stderr)
