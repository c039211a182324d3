#!/usr/bin/env python3
"""draw3.py GEN SEED N: N problems of the tma = 2 rule's family that the rule moves (the
heuristic, through tailor-gen GEN, picks tma=2): M, N of 2-48, K of 4-14, f32 and f64
alternating, batches for about 300 MB, row-major packed. Suite lines: batch M K N dtype."""
import os, random, re, subprocess, sys
gen, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed); out = []; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
while len(out) < count:
    dt = "f32" if len(out) % 2 == 0 else "f64"; esz = 4 if dt == "f32" else 8
    m, k, n = rng.randint(2, 48), rng.randint(4, 14), rng.randint(2, 48)
    b = int(300e6 / ((m * k + k * n + m * n) * esz))
    cfg = subprocess.run([gen, "--shape", f"{b}x{m}x{k}x{n}", "--dtype", dt], capture_output=True, text=True, env=env).stdout
    if re.search(r"^// config:.*,tma=2", cfg, re.M):
        out.append(f"{b} {m} {k} {n} {dt}")
print("\n".join(out))
