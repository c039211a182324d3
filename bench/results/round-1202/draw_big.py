#!/usr/bin/env python3
"""draw_big.py GEN SEED N: N fresh problems (M and N of 2-48, K log-uniform in 15-128, f32
and f64 alternating, batches for about 300 MB, row-major packed) whose heuristic pick
(tailor-gen GEN, no database) is the one-buffer bulk-copied FMA slab (tma=1, no st=2) in MORE
than 128 threads with runs of A and B of whole 32-byte sectors. Prints force lines "shape
dtype config TAG": the pick (H) and its tma=2 twin (T2)."""
import math, os, random, re, subprocess, sys
gen, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed); n_out = 0; tries = 0; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
while n_out < count and tries < 20000:
    tries += 1
    dt = "f32" if tries % 2 == 0 else "f64"; esz = 4 if dt == "f32" else 8
    m, n = rng.randint(2, 48), rng.randint(2, 48)
    k = int(round(math.exp(rng.uniform(math.log(15), math.log(128)))))
    b = int(300e6 / ((m * k + k * n + m * n) * esz)); shape = f"{b}x{m}x{k}x{n}"
    out = subprocess.run([gen, "--shape", shape, "--dtype", dt], capture_output=True, text=True, env=env).stdout
    g = re.search(r"^// config:\s+(\S+)", out, re.M)
    if not g: continue
    h = g.group(1)
    if not h.startswith("slab") or ",tma=1" not in h or ",st=2" in h or "mma=1" in h: continue
    mats = int(re.search(r"mats=(\d+)", h).group(1)); t = int(re.search(r"t=(\d+)", h).group(1))
    if t <= 128 or mats * m * k * esz % 32 or mats * k * n * esz % 32: continue
    print(f"{shape} {dt} {h} H"); print(f"{shape} {dt} {h.replace(',tma=1', ',tma=2')} T2")
    n_out += 1
print(f"# {n_out} of {tries} drawn", file=sys.stderr)
