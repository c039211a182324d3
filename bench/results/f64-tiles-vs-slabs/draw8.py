#!/usr/bin/env python3
"""Call 6: f64 shapes of sides 24-64, K 16-128 (seed 8282, ~400 MB each) whose heuristic pick
changed with the A-conflicted slab rule (0a25551 against a tailor-gen built from 0f76142):
the new pick, then the old. Writes force8.txt and suite8.txt (dispatch with torch).
Usage: draw8.py NEW_TAILOR_GEN OLD_TAILOR_GEN OUT_DIR"""
import random, subprocess, sys

new_gen, old_gen, out = sys.argv[1:4]

def heur(g, s):
    o = subprocess.run([g, "--shape", s, "--dtype", "f64", "-q"], capture_output=True, text=True).stdout
    return next(l.split()[2] for l in o.splitlines() if l.startswith("// config:"))

r = random.Random(8282)
force, suite = [], []
while len(suite) < 10:
    m, k, n = r.randint(24, 64), r.choice([8 * r.randint(2, 16), r.randint(16, 128)]), r.randint(24, 64)
    b = int(400e6 / ((m * k + k * n + m * n) * 8))
    s = f"{b}x{m}x{k}x{n}"
    new, old = heur(new_gen, s), heur(old_gen, s)
    if new == old:
        continue
    force += [f"{s} f64 {new}", f"{s} f64 {old}"]
    suite.append(f"{b} {m} {k} {n} f64")
open(f"{out}/force8.txt", "w").write("# seed 8282: the new pick, then 0f76142's\n" + "\n".join(force) + "\n")
open(f"{out}/suite8.txt", "w").write("# seed 8282 (see force8.txt)\n" + "\n".join(suite) + "\n")
