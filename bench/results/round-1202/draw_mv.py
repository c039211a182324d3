#!/usr/bin/env python3
"""draw_mv.py GEN SEED N: N fresh matrix-vector products (N = 1; M of 2-48, K log-uniform in
15-128, f32 and f64 alternating, batches for about 300 MB, row-major packed) whose heuristic
pick (tailor-gen GEN, no database) is the one-buffer bulk-copied slab (tma=1, no st=2) in up
to 128 threads. Prints force lines "shape dtype config TAG": the pick (H) and its tma=2 twin
(T2), where they are not whole sectors R2 (below), and "# sectors yes|no" after each pair: whether the slab's runs of A and B are whole
32-byte sectors. R2: the matrix count times the smallest r of 2, 4 or 8 that makes them
whole, tma=2, threads for one micro-tile each."""
import math, os, random, re, subprocess, sys
gen, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed); n_out = 0; env = dict(os.environ, TAILOR_DB="/tmp/none.db")
while n_out < count:
    dt = "f32" if n_out % 2 == 0 else "f64"; esz = 4 if dt == "f32" else 8
    m, n = rng.randint(2, 48), 1
    k = int(round(math.exp(rng.uniform(math.log(15), math.log(128)))))
    b = int(300e6 / ((m * k + k * n + m * n) * esz))
    shape = f"{b}x{m}x{k}x{n}"
    out = subprocess.run([gen, "--shape", shape, "--dtype", dt], capture_output=True, text=True, env=env).stdout
    g = re.search(r"^// config:\s+(\S+)", out, re.M)
    if not g or not g.group(1).startswith("slab") or ",tma=1" not in g.group(1) or ",st=2" in g.group(1):
        continue
    h = g.group(1)
    mats = int(re.search(r"mats=(\d+)", h).group(1)); t = int(re.search(r"t=(\d+)", h).group(1))
    if t > 128: continue
    sec = mats * m * k * esz % 32 == 0 and mats * k * n * esz % 32 == 0
    print(f"{shape} {dt} {h} H")
    print(f"{shape} {dt} {h.replace(',tma=1', ',tma=2')} T2")
    if not sec:  # R2: the matrix count times the smallest r of 2, 4, 8 that makes them whole
        r = next((r for r in (2, 4, 8) if (mats * r * m * k * esz) % 32 == 0 and (mats * r * k * esz) % 32 == 0), None)
        if r and mats * r <= b:
            rm = int(re.search(r"rm=(\d+)", h).group(1))
            t2 = min(1024, -(-(mats * r * -(-m // rm)) // 32) * 32)
            c = re.sub(r"t=\d+", f"t={t2}", h.replace(",tma=1", ",tma=2")).replace(f"mats={mats},", f"mats={mats * r},")
            chk = subprocess.run([gen, "--shape", shape, "--dtype", dt, "--config", c], capture_output=True, text=True, env=env)
            if chk.returncode == 0: print(f"{shape} {dt} {c} R2")
    print(f"# sectors {'yes' if sec else 'no'}")
    n_out += 1
