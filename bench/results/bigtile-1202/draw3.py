#!/usr/bin/env python3
"""A fresh draw of f32 products with an odd K (sides 20-100, ~256 MB each) for the A/B of
call 3: those whose heuristic pick the widened tiles change (up to 24), then 6 unchanged."""
import random, re, subprocess, sys
rng = random.Random(int(sys.argv[1]))
def pick(gen, shape):
    r = subprocess.run([gen, "--shape", shape, "--dtype", "f32", "--candidates", "1"], capture_output=True, text=True)
    return re.search(r"us\s+(\S+)", r.stdout).group(1)
changed, same = [], []
# Not the shapes the rule was drawn from (calls 1 and 2), nor a shape twice.
seen = {l.split()[0] for fn in ("force1.txt", "force2.txt") for l in open(f"bench/results/bigtile-1202/{fn}")
        if l.strip() and not l.startswith("#")}
while len(changed) < 24 or len(same) < 6:
    m, n = rng.randint(20, 100), rng.randint(20, 100)
    k = rng.randrange(21, 101, 2)
    if rng.random() < 0.4: m = n = k = rng.randrange(21, 101, 2)
    batch = (1 << 26) // (m * k + k * n + m * n)
    shape = f"{batch}x{m}x{k}x{n}"
    if shape in seen: continue
    seen.add(shape)
    (changed if pick("/tmp/gen_old", shape) != pick("/tmp/gen_new2", shape) else same).append(f"{batch} {m} {k} {n} f32")
print("\n".join(changed[:24] + same[:6]))
