#!/usr/bin/env python3
"""Forced configs for f64 problems of sides 24-128 that the heuristic gives a DMMA tile or a
slab on the tensor cores (seed 4040, ~400 MB each), plus the problems of the draw of seed
30301 where the tuner beat the heuristic by 1.36-1.75x, and the sides next to powers of two.
Each problem: the heuristic's pick (H); for tiles without cp.async stages the same tile with
three (S3); where H is a tile, the one-buffer slab on the tensor cores built as the slab
rule builds it (MS: 16-row warps the whole width); and that slab with its columns split over
two warps and two CTAs an SM asked for (MS2). Every config is checked by tailor-gen (it
compiles each with NVRTC and reports spills to stderr).
Usage: draw4.py TAILOR_GEN > force.txt"""
import random, subprocess, sys

gen = sys.argv[1]

def run(s, cfg=None):
    cmd = [gen, "--shape", s, "--dtype", "f64", "-q", "--compile"]
    if cfg:
        cmd += ["--config", cfg]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        return None, None
    d = dict(l.split(None, 1) for l in out.stdout.splitlines() if l.strip())
    return d["config"].strip(), d["spills"].split()[0]

def cdiv(a, b):
    return -(-a // b)

def slab(m, k, n, split):
    mb, nb = cdiv(m, 16), cdiv(n, 16)
    foot = max(m * k + k * n, m * n) * 8
    mats = 2 if foot <= 18 * 1024 else 1
    groups = 2 if split else 1
    rn = cdiv(nb, groups)
    t = 32 * mb * cdiv(nb, rn) * mats
    minb = 2 if split else 1
    return [f"slab,t={t},minb={minb},mats={mats},vec={v},rm=1,rn={rn},grid=0,cs=1,tma=1,mma=1" for v in (2, 1)]

def variants(m, k, n):
    s = f"{int(400e6 / ((m * k + k * n + m * n) * 8))}x{m}x{k}x{n}"
    h, _ = run(s)
    out = [h]
    if h.startswith("tiled") and ",st=" not in h:
        out.append(h + ",st=3")
    if h.startswith("tiled"):
        out += [next((c for c in slab(m, k, n, False) if run(s, c)[0]), None)]
    if "mma=1" in h:
        out += [next((c for c in slab(m, k, n, True) if run(s, c)[0]), None)]
    lines = []
    for c in out:
        if c is None or c in [l.split()[2] for l in lines]:
            continue
        cfg, spill = run(s, c)
        if cfg is None:
            continue
        if spill != "0":
            print(f"# {s} {c}: spills {spill} bytes", file=sys.stderr)
        lines.append(f"{s} f64 {c}")
    return h, lines

r = random.Random(4040)
shapes, tiles, slabs = [], 0, 0
while tiles < 10 or slabs < 6:
    m, k, n = r.randint(24, 128), r.randint(8, 128), r.randint(24, 128)
    h, _ = run(f"{int(400e6 / ((m * k + k * n + m * n) * 8))}x{m}x{k}x{n}")
    if h is None or "mma=1" not in h or "st=2" in h:
        continue
    if h.startswith("tiled") and tiles < 10:
        tiles += 1
    elif h.startswith("slab") and cdiv(n, 16) >= 3 and slabs < 6:
        slabs += 1
    else:
        continue
    shapes.append((m, k, n))
shapes += [(57, 56, 59), (27, 104, 51), (32, 83, 31), (64, 62, 63), (28, 29, 29), (51, 34, 96), (33, 33, 33), (65, 65, 65)]
print("# f64 (seed 4040 and the tuner's wins of seed 30301): H, S3, MS, MS2 where they apply")
for m, k, n in shapes:
    print("\n".join(variants(m, k, n)[1]))
