#!/usr/bin/env python3
"""draw.py SEED N [KMAX]: N problems of the family of the sector rule (row-major, packed; M, N of
9-24 with max(M, N) >= 9, K of 4-KMAX (default 24), N times the element size a multiple of 32 bytes, at
least 1000 (f32) or 2000 (f64) of work a matrix), f32 and f64 alternating, batches sized for
about 300 MB. One "BATCHxMxKxN dtype -" line each (force/suite lists)."""
import random, sys
seed, count = int(sys.argv[1]), int(sys.argv[2])
KMAX = int(sys.argv[3]) if len(sys.argv) > 3 else 24
rng = random.Random(seed)
out = []
while len(out) < count:
    dt = "f32" if len(out) % 2 == 0 else "f64"
    esz = 4 if dt == "f32" else 8
    n = rng.choice([x for x in range(9, 25) if x * esz % 32 == 0] + [x for x in range(1, 9) if x * esz % 32 == 0])
    m = rng.randint(9 if n < 9 else 2, 24)
    k = rng.randint(4, KMAX)
    if m * n * k < (1000 if dt == "f32" else 2000) and m < 24:
        continue
    if max(m, n) < 9:
        continue
    b = int(300e6 / ((m * k + k * n + m * n) * esz))
    line = f"{b}x{m}x{k}x{n} {dt} -"
    if line not in out:
        out.append(line)
print("\n".join(out))
