#!/usr/bin/env python3
"""The heuristic's picks of two tailor-gen builds on 600 random problems (seed 77: tiny, mid and
large sides, f32 twice as often as f64, A or B shared in half of them, about 100 MB each):
prints the first 12 that differ and the count. Usage: picks.py OLD_GEN NEW_GEN"""
import random, subprocess, sys, collections
a, b = sys.argv[1], sys.argv[2]
rng = random.Random(77)
n = ch = 0; kinds = collections.Counter()
def pick(g, args):
    return subprocess.run([g] + args, capture_output=True, text=True).stdout.split()[2]
for i in range(600):
    fam = rng.choice(['tiny', 'mid', 'large'])
    if fam == 'tiny': m, k, n_ = rng.randint(1, 16), rng.randint(1, 64), rng.randint(1, 16)
    elif fam == 'mid': m, k, n_ = rng.randint(8, 64), rng.randint(2, 128), rng.randint(8, 64)
    else: m, k, n_ = rng.randint(40, 256), rng.randint(8, 300), rng.randint(40, 256)
    bc = rng.choice(['', '', 'A', 'B'])
    dt = rng.choice(['f32', 'f32', 'f64'])
    e = 4 if dt == 'f32' else 8
    bt = max(1, round(100e6 / e / ((0 if bc == 'A' else m * k) + (0 if bc == 'B' else k * n_) + m * n_)))
    args = ['--shape', f'{bt}x{m}x{k}x{n_}', '--dtype', dt, '--predict'] + (['--bcast', bc] if bc else [])
    pa, pb = pick(a, args), pick(b, args)
    n += 1
    if pa != pb:
        ch += 1; kinds[(fam, dt)] += 1
        if ch <= 12: print(f'{bt}x{m}x{k}x{n_} {dt} {bc}: {pa} -> {pb}')
print(ch, 'of', n, 'picks change', dict(kinds))
