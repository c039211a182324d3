#!/usr/bin/env python3
"""Call 5: the slab on the FP64 tensor cores where exactly one operand's reads are
conflicted (bench/offline/mma_conflicts.cpp), f64 sides 24-64, K 16-128, A and B up to 68
KB, seed 7272, ~400 MB each: 7 with A conflicted, 7 with B. Each as the slab the rule builds,
then the standard DMMA tile with three cp.async stages, then the heuristic's pick where it is
neither. Writes force7.txt.
Usage: draw7.py TAILOR_GEN MMA_CONFLICTS OUT_DIR"""
import random, subprocess, sys

gen, conflicts, out = sys.argv[1:4]

def ok(s, cfg):
    return subprocess.run([gen, "--shape", s, "--dtype", "f64", "-q", "--compile", "--config", cfg],
                          capture_output=True, text=True).returncode == 0

def cdiv(a, b):
    return -(-a // b)

r = random.Random(7272)
lines, count = [], {"A": 0, "B": 0}
while count["A"] < 7 or count["B"] < 7:
    m, k, n = r.randint(24, 64), r.randint(16, 128), r.randint(24, 64)
    if (m * k + k * n) * 8 > 68 * 1024:
        continue
    f = subprocess.run([conflicts], input=f"{m} {k} {n}\n", capture_output=True, text=True).stdout.split()
    a, b, heur = f[3] == "1", f[4] == "1", f[6]
    if a == b:
        continue
    which = "B" if a else "A"
    if count[which] >= 7:
        continue
    s = f"{int(400e6 / ((m * k + k * n + m * n) * 8))}x{m}x{k}x{n}"
    mats = 2 if max(m * k + k * n, m * n) * 8 <= 18 * 1024 else 1
    slab = next((c for c in (f"slab,t={32 * cdiv(m, 16) * mats},minb=1,mats={mats},vec={v},rm=1,rn={cdiv(n, 16)},"
                             "grid=0,cs=1,tma=1,mma=1" for v in (2, 1)) if ok(s, c)), None)
    side = lambda d: 64 if cdiv(d, 64) * 64 <= cdiv(d, 32) * 32 else 32
    bm, bn = side(m), side(n)
    bk = 8 if bm == 64 and bn == 64 and k % 16 else 16
    tile = f"tiled,t=128,minb=1,bm={bm},bn={bn},bk={bk},vec=2,rm={bm // 16},rn={bn // 16},grid=0,mma=1,st=3"
    if slab is None or not ok(s, tile):
        continue
    count[which] += 1
    lines.append(f"# {which} conflicted, {float(f[5]):.1f} KB")
    lines += [f"{s} f64 {c}" for c in dict.fromkeys([slab, tile, heur])]
open(f"{out}/force7.txt", "w").write("# seed 7272: one operand conflicted: the slab, the staged standard tile, the heuristic's pick\n" + "\n".join(lines) + "\n")
