#!/usr/bin/env python3
"""draw_one.py GEN FAM_SUITE FAM_LOG: force lines for the problems of FAM_SUITE: D, the plan
dispatch ran in FAM_LOG (the heuristic's config with the runtime's two buffers, read off the
kernel name's _s2 and _gN), and one-matrix slabs of 64 threads (O1 bulk copies, O2 the
threads' copies, O1s two buffers on a grid of 8 CTAs an SM) whose micro-tile (up to 40 outputs) pads M x N least with at most 64 units."""
import re, subprocess, sys
gen, suite, log = sys.argv[1:4]
cfg = {}; lines = open(suite).read().splitlines()
for i, l in enumerate(lines):
    if l.startswith("# "): cfg[lines[i + 1]] = l[2:]
ran = {}
for l in open(log):
    f = l.split()
    if len(f) > 8 and f[-2] == "heuristic": ran[f[0]] = f[-1]
def ok(shape, c):
    r = subprocess.run([gen, "--shape", shape, "--dtype", "f32", "--config", c], capture_output=True, text=True)
    return r.returncode == 0
for line, c in cfg.items():
    b, m, k, n, _ = line.split(); shape = f"{b}x{m}x{k}x{n}"; m, n = int(m), int(n)
    name = ran.get(shape, "")
    d = c
    g = re.search(r"_s2_.*_g(\d+)$", name)
    if g: d = re.sub(r"grid=\d+", f"grid={g.group(1)}", c).replace(",cs=1", ",st=2,cs=1")
    best = None
    for rm in range(1, 13):
        for rn in range(1, 13):
            if rm * rn > 40 or rm > m or rn > n: continue
            units = -(-m // rm) * -(-n // rn)
            if units > 64: continue
            key = (-(-m // rm) * rm * -(-n // rn) * rn, -(rm >= rn), rm * rn)
            if best is None or key < best[0]: best = (key, rm, rn)
    rm, rn = best[1], best[2]
    o1 = f"slab,t=64,minb=1,mats=1,vec=4,rm={rm},rn={rn},grid=0,cs=1,tma=1"
    o1s = o1.replace("grid=0,cs=1", "grid=8,st=2,cs=1")
    for c2, tag in ((d, "D"), (o1, "O1"), (o1.replace("tma=1", "tma=2"), "O2"), (o1s, "O1s")):
        if not ok(shape, c2):
            c2 = c2.replace("vec=4", "vec=2")
            if not ok(shape, c2): c2 = c2.replace("vec=2", "vec=1")
        if ok(shape, c2): print(f"{shape} f32 {c2} {tag}")
