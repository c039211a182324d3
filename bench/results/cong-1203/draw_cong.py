#!/usr/bin/env python3
"""draw_cong.py GEN SEED N: a suite of N fresh problems (f32 or f64, M and N of 5-48, K
log-uniform in 5-128, batches for about 300 MB, row-major packed) whose heuristic pick
(tailor-gen GEN, no user database) is an FMA slab fed by the TMA unit's bulk copies (tma = 1)
with a run of A, B or a staged C that is not whole 128-byte lines; "# pick" comments."""
import math, os, random, re, subprocess, sys
gen, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed); n_out = 0; tries = 0; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
while n_out < count and tries < 5000:
    tries += 1
    dt = rng.choice(["f32", "f64"]); esz = 4 if dt == "f32" else 8
    m, n = rng.randint(5, 48), rng.randint(5, 48)
    k = int(round(math.exp(rng.uniform(math.log(5), math.log(128)))))
    b = int(300e6 / ((m * k + k * n + m * n) * esz)); shape = f"{b}x{m}x{k}x{n}"
    out = subprocess.run([gen, "--shape", shape, "--dtype", dt], capture_output=True, text=True, env=env).stdout
    g = re.search(r"^// config:\s+(\S+)", out, re.M)
    if not g: continue
    c = g.group(1)
    if not c.startswith("slab") or "mma=1" in c or "tma=1" not in c: continue
    mats = int(re.search(r"mats=(\d+)", c).group(1)); cs = "cs=1" in c
    runs = [mats * m * k * esz, mats * k * n * esz] + ([mats * m * n * esz] if cs else [])
    if all(r % 128 == 0 for r in runs): continue
    print(f"# {c}"); print(f"{b} {m} {k} {n} {dt}"); n_out += 1
print(f"# {n_out} of {tries} drawn", file=sys.stderr)
