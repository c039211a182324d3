#!/usr/bin/env python3
"""rnd.py SEED N: N problems with M, N of 2-48 and K of 2-64, f32 and f64 alternating, batches
for about 300 MB, row-major packed. One "BATCHxMxKxN dtype -" line each."""
import random, sys
rng = random.Random(int(sys.argv[1])); out = []
while len(out) < int(sys.argv[2]):
    dt = "f32" if len(out) % 2 == 0 else "f64"; esz = 4 if dt == "f32" else 8
    m, k, n = rng.randint(2, 48), rng.randint(2, 64), rng.randint(2, 48)
    b = int(300e6 / ((m * k + k * n + m * n) * esz))
    out.append(f"{b}x{m}x{k}x{n} {dt} -")
print("\n".join(out))
