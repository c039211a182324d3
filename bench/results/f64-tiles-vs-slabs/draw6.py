#!/usr/bin/env python3
"""Call 4: f64 shapes next to the shipped 32^3 and 64^3 f64 records (sides 29-32 or 58-64,
the record's tile covering at least 90 % of its own useful work, K 16-128, seed 6262, ~400 MB)
whose heuristic pick is now the slab on the tensor cores, so the record no longer serves
them: the heuristic's slab, then the record's tile. Writes force6.txt.
Usage: draw6.py TAILOR_GEN OUT_DIR"""
import random, subprocess, sys

gen, out = sys.argv[1:3]
tiles = {32: "tiled,t=64,minb=1,bm=32,bn=32,bk=16,vec=2,rm=4,rn=2,grid=0,mma=1,st=4",
         64: "tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=2,rm=4,rn=4,grid=0,mma=1,st=3"}

def heur(s):
    o = subprocess.run([gen, "--shape", s, "--dtype", "f64", "-q"], capture_output=True, text=True).stdout
    return next(l.split()[2] for l in o.splitlines() if l.startswith("// config:"))

r = random.Random(6262)
lines, seen = [], 0
while seen < 8:
    t = r.choice([32, 64])
    lo = 29 if t == 32 else 58
    m, n, k = r.randint(lo, t), r.randint(lo, t), r.randint(16, 128)
    if m * n < 0.9 * t * t or (m == t and n == t):
        continue
    s = f"{int(400e6 / ((m * k + k * n + m * n) * 8))}x{m}x{k}x{n}"
    h = heur(s)
    if not (h.startswith("slab") and "mma=1" in h):
        continue
    seen += 1
    lines += [f"{s} f64 {h}", f"{s} f64 {tiles[t]}"]
open(f"{out}/force6.txt", "w").write("# seed 6262: the heuristic's slab, then the 32^3 or 64^3 record's tile\n" + "\n".join(lines) + "\n")
