#!/usr/bin/env python3
"""split117.py FEAT: the 117 forced problems of bench/results/probe-1203 call 4 (H = the
heuristic's tma=1 slab, T2 = the same with tma=2; feat117.txt is probe-1203/feat3.py's output
for cmp4.txt with the tailor-gen of cc01448's parent), those with K of 15-128 in up to 128
threads, split by whether each slab's runs of A and B are whole 32-byte sectors."""
import math, re, sys
gm = lambda x: math.exp(sum(map(math.log, x)) / len(x))
rows = []
for l in open(sys.argv[1]):
    d = dict(re.findall(r"(?<![/\w])(\w+)=\s*([\d.]+)", l)); f = l.split()
    b, M, K, N = map(int, f[0].split("x")); esz = 4 if f[1] == "f32" else 8
    mats, t, r = int(d["mats"]), int(d["t"]), float(d["r"])
    if 15 <= K <= 128 and t <= 128:
        sec = (mats * M * K * esz) % 32 == 0 and (mats * K * N * esz) % 32 == 0
        rows.append((sec, f[2], r, f[0], f[1]))
for fam in ("fma", "mma"):
    for sec in (True, False):
        v = [r for s, fm, r, *_ in rows if s == sec and fm == fam]
        if v:
            print(f"{fam} {'whole sectors' if sec else 'not whole   '} n {len(v):2d} geomean {gm(v):.3f} "
                  f"range {min(v):.3f}-{max(v):.3f} faster(>1.02) {sum(x > 1.02 for x in v)} slower(<0.98) {sum(x < 0.98 for x in v)}")
