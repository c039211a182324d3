#!/usr/bin/env python3
"""Call 7: slabs on the FP64 tensor cores whose B reads are conflicted, under 40 KB (where the
heuristic takes them whatever their conflicts), f64 M 24-64, N 24-96, K 16-128 (seed 9292,
~400 MB each), and 51x34x96 and 46x62x32: the heuristic's slab, then the standard DMMA tile
with three cp.async stages. Writes force9.txt.
Usage: draw9.py TAILOR_GEN MMA_CONFLICTS OUT_DIR"""
import random, subprocess, sys

gen, conflicts, out = sys.argv[1:4]

def ok(s, cfg):
    return subprocess.run([gen, "--shape", s, "--dtype", "f64", "-q", "--compile", "--config", cfg],
                          capture_output=True, text=True).returncode == 0

def cdiv(a, b):
    return -(-a // b)

def lines_for(m, k, n):
    f = subprocess.run([conflicts], input=f"{m} {k} {n}\n", capture_output=True, text=True).stdout.split()
    heur = f[6]
    s = f"{int(400e6 / ((m * k + k * n + m * n) * 8))}x{m}x{k}x{n}"
    side = lambda d: 64 if cdiv(d, 64) * 64 <= cdiv(d, 32) * 32 else 32
    bm, bn = side(m), side(n)
    bk = 8 if bm == 64 and bn == 64 and k % 16 else 16
    tile = f"tiled,t=128,minb=1,bm={bm},bn={bn},bk={bk},vec=2,rm={bm // 16},rn={bn // 16},grid=0,mma=1,st=3"
    return f[4] == "0" and heur.startswith("slab") and "mma=1" in heur and ok(s, tile), [f"{s} f64 {heur}", f"{s} f64 {tile}"]

r = random.Random(9292)
out_lines, n_found = [], 0
while n_found < 10:
    m, n = r.randint(24, 64), 8 * r.randint(3, 12)
    k = r.randint(16, 128)
    if (m * k + k * n) * 8 > 40 * 1024:
        continue
    good, ls = lines_for(m, k, n)
    if good:
        n_found += 1
        out_lines += ls
for m, k, n in ((51, 34, 96), (46, 62, 32)):
    out_lines += lines_for(m, k, n)[1]
open(f"{out}/force9.txt", "w").write("# seed 9292: B conflicted under 40 KB: the heuristic's slab, then the staged standard tile\n" + "\n".join(out_lines) + "\n")
