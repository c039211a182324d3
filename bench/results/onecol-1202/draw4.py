#!/usr/bin/env python3
"""draw4.py GEN GEN_NO1COL SEED N: N problems that the one-column rule takes (the heuristic of
tailor-gen GEN differs from that of GEN_NO1COL run with NO1COL=1, a build with the rule off):
M, N of 2-24, K of 4-12, f32 and f64 alternating, batches for about 300 MB, row-major packed.
Prints force lines: shape dtype config, the rule's config first, then the one it replaces."""
import os, random, re, subprocess, sys
gen, gen0, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed); out = []; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
def pick(g, shape, dt, extra):
    src = subprocess.run([g, "--shape", shape, "--dtype", dt], capture_output=True, text=True, env=dict(env, **extra)).stdout
    return re.search(r"^// config:\s+(\S+)", src, re.M).group(1)
n_of = {"f32": [8, 16, 24], "f64": [4, 8, 12, 16, 20, 24]}
while len(out) < 2 * count:
    dt = "f32" if len(out) % 4 == 0 else "f64"; esz = 4 if dt == "f32" else 8
    m, k, n = rng.randint(2, 24), rng.randint(4, 12), rng.choice(n_of[dt])
    b = int(300e6 / ((m * k + k * n + m * n) * esz))
    shape = f"{b}x{m}x{k}x{n}"
    a, z = pick(gen, shape, dt, {}), pick(gen0, shape, dt, {"NO1COL": "1"})
    if a != z:
        out += [f"{shape} {dt} {a}", f"{shape} {dt} {z}"]
print("\n".join(out))
