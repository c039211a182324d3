#!/usr/bin/env python3
"""Call 3's f64 half of force3.txt: f64 shapes of sides 24-128 whose A and B take 68-112 KB
(seed 9595), kept where the two-buffer rule changes the heuristic's pick, plus 70x55x108,
104x55x60 and 87x84x53; each as the new pick, then the previous heuristic's (a tailor-gen
built from f7b9ca5). The f32 half: the heuristic's pick, with minb = 2, and 128 or 192
threads without a staged C, for the shapes whose pick ptxas held to one CTA an SM.
Usage: draw3.py NEW_TAILOR_GEN OLD_TAILOR_GEN"""
import random, subprocess, sys

new_gen, old_gen = sys.argv[1], sys.argv[2]

def heur(g, s):
    out = subprocess.run([g, "--shape", s, "--dtype", "f64", "-q"], capture_output=True, text=True).stdout
    for l in out.splitlines():
        if l.startswith("// config:"):
            return l.split()[2]

r = random.Random(9595)
lines, n = [], 0
while n < 12:
    m, k, nn = (r.randint(24, 128) for _ in range(3))
    if not 68 * 1024 < (m * k + k * nn) * 8 <= 112 * 1024:
        continue
    s = f"{int(400e6 / ((m * k + k * nn + m * nn) * 8))}x{m}x{k}x{nn}"
    new, old = heur(new_gen, s), heur(old_gen, s)
    if new == old:
        continue
    n += 1
    lines += [f"{s} f64 {new}", f"{s} f64 {old}"]
for m, k, nn in ((70, 55, 108), (104, 55, 60), (87, 84, 53)):
    s = f"{int(400e6 / ((m * k + k * nn + m * nn) * 8))}x{m}x{k}x{nn}"
    lines += [f"{s} f64 {heur(new_gen, s)}", f"{s} f64 {heur(old_gen, s)}"]
print("# f64 68-112 KB (seed 9595): the new rule's two-buffer slab, then the previous heuristic's pick")
print("\n".join(lines))
