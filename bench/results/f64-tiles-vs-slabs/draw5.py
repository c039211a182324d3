#!/usr/bin/env python3
"""Call 3: f64 shapes of sides 24-128 and K of 8-128 (seed 5252, ~400 MB each) where this
commit's heuristic differs from the previous one (a tailor-gen built from 41348fc): 8 that now
take the slab on the tensor cores and 10 whose DMMA tile now has cp.async stages. Each as the
new pick, then the old. Writes force5.txt (forced, side by side) and suite5.txt (dispatch).
Usage: draw5.py NEW_TAILOR_GEN OLD_TAILOR_GEN OUT_DIR"""
import random, subprocess, sys

new_gen, old_gen, out = sys.argv[1:4]

def heur(g, s):
    o = subprocess.run([g, "--shape", s, "--dtype", "f64", "-q"], capture_output=True, text=True).stdout
    return next(l.split()[2] for l in o.splitlines() if l.startswith("// config:"))

r = random.Random(5252)
force, suite, slabs, staged = [], [], 0, 0
while slabs < 8 or staged < 10:
    m, k, n = r.randint(24, 128), r.randint(8, 128), r.randint(24, 128)
    if slabs < 8 and r.random() < 0.7:  # the slab rule's shapes are rare in a uniform draw
        m, n = r.choice([r.randint(28, 31), r.randint(56, 63)]), r.choice([r.randint(28, 31), r.randint(56, 63)])
    b = int(400e6 / ((m * k + k * n + m * n) * 8))
    s = f"{b}x{m}x{k}x{n}"
    new, old = heur(new_gen, s), heur(old_gen, s)
    if new == old:
        continue
    if new.startswith("slab"):
        if slabs >= 8:
            continue
        slabs += 1
    else:
        if staged >= 10:
            continue
        staged += 1
    force += [f"{s} f64 {new}", f"{s} f64 {old}"]
    suite.append(f"{b} {m} {k} {n} f64")
open(f"{out}/force5.txt", "w").write("# seed 5252: the new pick, then the previous heuristic's\n" + "\n".join(force) + "\n")
open(f"{out}/suite5.txt", "w").write("# seed 5252 (see force5.txt)\n" + "\n".join(suite) + "\n")
