#!/usr/bin/env python3
"""draw_ab.py OLD_GEN NEW_GEN SEED N: N fresh problems whose heuristic pick (no database)
the sector rule moves: the old tailor-gen picks a one-buffer bulk-copied slab with tma=1,
the new one the same slab with tma=2. M and N of 2-48, K log-uniform in 15-128, f32 and f64
alternating, batches for about 300 MB, row-major packed. Suite lines: batch M K N dtype."""
import math, os, random, re, subprocess, sys
old, new, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed); out = []; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
def pick(gen, shape, dt):
    o = subprocess.run([gen, "--shape", shape, "--dtype", dt], capture_output=True, text=True, env=env).stdout
    g = re.search(r"^// config:\s+(\S+)", o, re.M)
    return g.group(1) if g else ""
while len(out) < count:
    dt = "f32" if len(out) % 2 == 0 else "f64"; esz = 4 if dt == "f32" else 8
    m, n = rng.randint(2, 48), rng.randint(2, 48)
    k = int(round(math.exp(rng.uniform(math.log(15), math.log(128)))))
    b = int(300e6 / ((m * k + k * n + m * n) * esz))
    shape = f"{b}x{m}x{k}x{n}"
    a, c = pick(old, shape, dt), pick(new, shape, dt)
    if a.startswith("slab") and ",tma=1" in a and c == a.replace(",tma=1", ",tma=2"):
        out.append(f"{b} {m} {k} {n} {dt}")
print("\n".join(out))
