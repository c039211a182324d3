#!/usr/bin/env python3
"""draw_mma.py OLD_GEN NEW_GEN SEED N: N fresh f64 problems whose heuristic pick (no database)
the tensor-core slab's sector rule moves: the old tailor-gen picks a slab on the tensor cores
with tma=1, the new one the same slab with tma=2. M and N of 17-48, K log-uniform in 16-128,
batches for about 300 MB, row-major packed. Suite lines: batch M K N dtype."""
import math, os, random, re, subprocess, sys
old, new, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed); out = []; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
def pick(gen, shape):
    o = subprocess.run([gen, "--shape", shape, "--dtype", "f64"], capture_output=True, text=True, env=env).stdout
    g = re.search(r"^// config:\s+(\S+)", o, re.M)
    return g.group(1) if g else ""
tries = 0
while len(out) < count and tries < 5000:
    tries += 1
    m, n = rng.randint(17, 48), rng.randint(17, 48)
    k = int(round(math.exp(rng.uniform(math.log(16), math.log(128)))))
    b = int(300e6 / ((m * k + k * n + m * n) * 8))
    shape = f"{b}x{m}x{k}x{n}"
    a, c = pick(old, shape), pick(new, shape)
    if a.startswith("slab") and ",mma=1" in a and ",tma=1" in a and c == a.replace(",tma=1", ",tma=2"):
        out.append(f"{b} {m} {k} {n} f64")
print("\n".join(out))
