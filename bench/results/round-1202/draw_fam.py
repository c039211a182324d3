#!/usr/bin/env python3
"""draw_fam.py GEN SEED N: a suite of N fresh f32 problems (M and N of 36-48, K log-uniform in
15-40, batches for about 300 MB, row-major packed) whose heuristic pick (tailor-gen GEN, no
database) is an FMA slab of more than 128 threads; "# pick" comments before each line."""
import math, os, random, re, subprocess, sys
gen, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed); n_out = 0; tries = 0; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
while n_out < count and tries < 5000:
    tries += 1
    m, n = rng.randint(36, 48), rng.randint(36, 48)
    k = int(round(math.exp(rng.uniform(math.log(15), math.log(40)))))
    b = int(300e6 / ((m * k + k * n + m * n) * 4)); shape = f"{b}x{m}x{k}x{n}"
    out = subprocess.run([gen, "--shape", shape, "--dtype", "f32"], capture_output=True, text=True, env=env).stdout
    g = re.search(r"^// config:\s+(\S+)", out, re.M)
    if not g or not g.group(1).startswith("slab") or "mma=1" in g.group(1): continue
    if int(re.search(r"t=(\d+)", g.group(1)).group(1)) <= 128: continue
    print(f"# {g.group(1)}"); print(f"{b} {m} {k} {n} f32"); n_out += 1
print(f"# {n_out} of {tries} drawn", file=sys.stderr)
