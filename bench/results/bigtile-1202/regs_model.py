#!/usr/bin/env python3
"""Offline: the cost model's register estimate for f32 FMA slabs against ptxas's count
(tailor-gen --compile, sm_90), over slab candidates of a set of shapes."""
import concurrent.futures as cf, math, re, subprocess, sys
shapes = [l.split() for l in open(sys.argv[1]) if l.strip()]
def p2(k, cap=4):
    r = 1
    while r < cap and k % (2 * r) == 0: r *= 2
    return r
jobs = []
for b, m, k, n, t in shapes:
    shape = f"{b}x{m}x{k}x{n}"
    out = subprocess.run(["build/tailor-gen", "--shape", shape, "--candidates", "400"], capture_output=True, text=True).stdout
    cfgs = [c for c in re.findall(r"us\s+(\S+)", out) if c.startswith("slab") and "mma" not in c][::8]
    jobs += [(shape, int(m), int(k), int(n), c) for c in cfgs]
def run(j):
    shape, m, k, n, c = j
    r = subprocess.run(["build/tailor-gen", "--shape", shape, "--config", c, "--compile", "-q"], capture_output=True, text=True)
    g = re.search(r"registers\s+(\d+)", r.stdout)
    return j, int(g.group(1)) if g else None
rows = []
with cf.ThreadPoolExecutor(8) as ex:
    for (shape, m, k, n, c), regs in ex.map(run, jobs):
        if regs is None: continue
        kv = dict(x.split("=") for x in c.split(",")[1:])
        rm, rn, minb, t = int(kv["rm"]), int(kv["rn"]), int(kv["minb"]), int(kv["t"])
        if minb > 1 or t >= 160: continue  # capped by a launch bound: ptxas's count is the cap
        P = p2(k)  # row-major A and B: A read along K P at a time
        model = min(255, 32 + rm * rn + 2 * (rm + rn) * 4)
        paware = min(255, 32 + rm * rn + 2 * (rm + rn) * P)
        rows.append((shape, c, rm * rn, regs, model, paware))
for lo, hi in ((1, 16), (17, 36), (37, 72), (73, 128)):
    sel = [r for r in rows if lo <= r[2] <= hi]
    if not sel: continue
    e1 = sorted(abs(r[4] - r[3]) / r[3] for r in sel); e2 = sorted(abs(r[5] - r[3]) / r[3] for r in sel)
    print(f"outputs {lo:3d}-{hi:3d}: {len(sel):3d} configs, ptxas median {sorted(r[3] for r in sel)[len(sel)//2]:3d}, "
          f"model median error {e1[len(e1)//2]*100:4.0f} %, P-aware {e2[len(e2)//2]*100:4.0f} %")
for r in rows: print(*r, file=sys.stderr)
