#!/usr/bin/env python3
"""draw_round.py GEN SEED N [SHAPE:DTYPE ...]: problems whose heuristic pick (tailor-gen GEN,
no database) is a one-buffer bulk-copied slab (tma=1, no st=2; FMA or tensor-core) with K of
15-128 and sides up to 48 whose runs of A and B are NOT whole 32-byte sectors at the pick's
matrix count, but are at r = 2, 4 or 8 times it (the smallest such r, within the batch).
Fresh ones: M and N of 9-48, K log-uniform in 15-128, f32 and f64 alternating, batches for
about 300 MB, row-major packed; the SHAPE:DTYPE arguments are added first. Prints force lines
"shape dtype config TAG" for every variant tailor-gen accepts:
  H    the pick
  R1   mats x r, bulk copies (tma=1), threads for one micro-tile each (tensor-core slabs:
       warps x r, up to 16)
  R2   the same with the threads' copies (tma=2)
  R2t  mats x r, threads' copies, the pick's threads, C not staged (cs=0)"""
import math, os, random, re, subprocess, sys
gen, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
extra = [a.split(":") for a in sys.argv[4:]]
rng = random.Random(seed); env = dict(os.environ, TAILOR_DB="/tmp/none.db")
def pick(shape, dt, cfg=None):
    cmd = [gen, "--shape", shape, "--dtype", dt] + (["--config", cfg] if cfg else [])
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != 0: return None
    g = re.search(r"^// config:\s+(\S+)", r.stdout, re.M)
    return g.group(1) if g else None
def sub(c, key, val): return re.sub(rf"(^|,){key}=\d+", rf"\g<1>{key}={val}", c)
def whole(mats, m, k, n, esz): return mats * m * k * esz % 32 == 0 and mats * k * n * esz % 32 == 0
done = 0; fresh = 0
def emit(shape, dt):
    b, m, k, n = map(int, shape.split("x")); esz = 4 if dt == "f32" else 8
    h = pick(shape, dt)
    if not h or not h.startswith("slab") or ",tma=1" not in h or ",st=2" in h: return False
    mats = int(re.search(r"mats=(\d+)", h).group(1)); t = int(re.search(r"t=(\d+)", h).group(1))
    if whole(mats, m, k, n, esz): return False
    r = next((r for r in (2, 4, 8) if whole(mats * r, m, k, n, esz) and mats * r <= b), None)
    if r is None: return False
    out = [(h, "H")]
    big = sub(h, "mats", mats * r)
    if "mma=1" in h: t2 = min(512, t * r)
    else:  # one micro-tile a thread (cs = 1): the slab's units in whole warps
        rm, rn = (int(re.search(rf"{x}=(\d+)", h).group(1)) for x in ("rm", "rn"))
        t2 = min(1024, -(-(mats * r * -(-m // rm) * -(-n // rn)) // 32) * 32)
    for cfg, tag in ((sub(big, "t", t2), "R1"),
                     (sub(sub(big, "t", t2), "tma", 2), "R2"),
                     (sub(sub(big, "tma", 2), "cs", 0), "R2t")):
        if pick(shape, dt, cfg) == cfg: out.append((cfg, tag))
    if len(out) < 2: return False
    for cfg, tag in out: print(f"{shape} {dt} {cfg} {tag}", flush=True)
    return True
for shape, dt in extra: emit(shape, dt)
while fresh < count:
    dt = "f32" if fresh % 2 == 0 else "f64"; esz = 4 if dt == "f32" else 8
    m, n = rng.randint(9, 48), rng.randint(9, 48)
    k = int(round(math.exp(rng.uniform(math.log(15), math.log(128)))))
    b = int(300e6 / ((m * k + k * n + m * n) * esz))
    if emit(f"{b}x{m}x{k}x{n}", dt): fresh += 1
