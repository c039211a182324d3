#!/usr/bin/env python3
"""Call 2: a draw of f32 mid-size products (sides 34-72), each with the heuristic's pick
(/tmp/gen_old), the pick with micro-tiles of up to 72 outputs where both sides divide
(/tmp/gen_new), and both with twice the matrices a slab (CTA fitted to the units)."""
import math, random, re, subprocess, sys
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1204)
def pick(gen, shape):
    r = subprocess.run([gen, "--shape", shape, "--dtype", "f32", "--candidates", "1"], capture_output=True, text=True)
    return re.search(r"us\s+(\S+)", r.stdout).group(1)
def ok(shape, cfg):
    r = subprocess.run(["build/tailor-gen", "--shape", shape, "--dtype", "f32", "--config", cfg, "--compile", "-q"],
                       capture_output=True, text=True)
    if r.returncode: return None
    sp = re.search(r"spills\s+(\d+) bytes stores", r.stdout).group(1)
    return None if sp != "0" else int(re.search(r"registers\s+(\d+)", r.stdout).group(1))
def doubled(shape, cfg):
    b, m, k, n = map(int, shape.split("x"))
    kv = dict(x.split("=") for x in cfg.split(",")[1:])
    mats = 2 * int(kv["mats"]); rm, rn = int(kv["rm"]), int(kv["rn"])
    units = mats * math.ceil(m / rm) * math.ceil(n / rn)
    kv["mats"] = str(mats); kv["threads"] = None
    t = max(64, math.ceil(units / 32) * 32)
    kv["t"] = str(t)
    for vec in (4, 2, 1):
        if (mats * m * k) % vec == 0 and (mats * k * n) % vec == 0: kv["vec"] = str(vec); break
    return "slab," + ",".join(f"{a}={v}" for a, v in kv.items() if v is not None)
lines = []
changed = 0
while len(lines) < 200 and changed < 24:
    m, k, n = (rng.randint(34, 72) for _ in range(3))
    if rng.random() < 0.5: k = m = n = rng.randint(34, 72)
    batch = (1 << 26) // (m * k + k * n + m * n)
    shape = f"{batch}x{m}x{k}x{n}"
    old, new = pick("/tmp/gen_old", shape), pick("/tmp/gen_new", shape)
    if old == new or not old.startswith("slab"): continue
    changed += 1
    lines.append(f"# {shape}: heuristic, widened tiles, each with twice the matrices")
    for c in (old, new, doubled(shape, old), doubled(shape, new)):
        regs = ok(shape, c)
        if regs: lines.append(f"{shape} f32 {c} # regs {regs}")
print("\n".join(lines))
# Sides of many divisors, where the widened pick takes 8 x 8, 12 x 6, 10 x 5
for s in (32, 40, 48, 56, 64):
    shape = f"{(1 << 26) // (3 * s * s)}x{s}x{s}x{s}"
    old, new = pick("/tmp/gen_old", shape), pick("/tmp/gen_new", shape)
    print(f"# {shape}: heuristic, widened tiles, each with twice the matrices")
    for c in dict.fromkeys((old, new, doubled(shape, old), doubled(shape, new))):
        regs = ok(shape, c)
        if regs: print(f"{shape} f32 {c} # regs {regs}")
