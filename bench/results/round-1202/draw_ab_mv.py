#!/usr/bin/env python3
"""draw_ab_mv.py OLD_GEN NEW_GEN SEED N: a suite of N fresh matrix-vector products (N = 1, M
of 2-48, K log-uniform in 15-128, f32 and f64 alternating, batches for about 300 MB,
row-major packed) whose heuristic pick (no database) differs between the two tailor-gen
builds; prints suite lines "batch M K N dtype" with "# old -> new" comments."""
import math, os, random, re, subprocess, sys
old, new, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed); n_out = 0; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
def pick(gen, shape, dt):
    out = subprocess.run([gen, "--shape", shape, "--dtype", dt], capture_output=True, text=True, env=env).stdout
    g = re.search(r"^// config:\s+(\S+)", out, re.M)
    return g.group(1) if g else None
tries = 0
while n_out < count:
    dt = "f32" if n_out % 2 == 0 else "f64"; esz = 4 if dt == "f32" else 8
    m = rng.randint(2, 48)
    k = int(round(math.exp(rng.uniform(math.log(15), math.log(128)))))
    b = int(300e6 / ((m * k + k + m) * esz)); shape = f"{b}x{m}x{k}x1"; tries += 1
    a, c = pick(old, shape, dt), pick(new, shape, dt)
    if a == c: continue
    print(f"# {a} -> {c}")
    print(f"{b} {m} {k} 1 {dt}")
    n_out += 1
print(f"# {count} of {tries} drawn", file=sys.stderr)
