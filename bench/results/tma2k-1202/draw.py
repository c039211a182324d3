#!/usr/bin/env python3
"""draw.py GEN SEED N: N fresh problems whose heuristic pick (through tailor-gen GEN, no
database) is the one-buffer bulk-copied slab (tma=1, no st=2) with K of 15-128: M and N of
2-32, K log-uniform in 15-128, f32 and f64 alternating, batches for about 300 MB, row-major
packed. Prints force lines "shape dtype config TAG": the pick (H) and its tma=2 twin (T2)."""
import math, os, random, re, subprocess, sys
gen, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed); n_out = 0; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
while n_out < count:
    dt = "f32" if n_out % 2 == 0 else "f64"; esz = 4 if dt == "f32" else 8
    m, n = rng.randint(2, 32), rng.randint(2, 32)
    k = int(round(math.exp(rng.uniform(math.log(15), math.log(128)))))
    b = int(300e6 / ((m * k + k * n + m * n) * esz))
    shape = f"{b}x{m}x{k}x{n}"
    out = subprocess.run([gen, "--shape", shape, "--dtype", dt], capture_output=True, text=True, env=env).stdout
    g = re.search(r"^// config:\s+(\S+)", out, re.M)
    if not g or not g.group(1).startswith("slab") or ",tma=1" not in g.group(1) or ",st=2" in g.group(1):
        continue
    h = g.group(1)
    print(f"{shape} {dt} {h} H")
    print(f"{shape} {dt} {h.replace(',tma=1', ',tma=2')} T2")
    n_out += 1
