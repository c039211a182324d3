#!/usr/bin/env python3
"""Forced configs of f32 slab micro-tiles past 36 outputs (sides that divide the matrix),
beside each shape's heuristic pick; register counts from tailor-gen --compile (sm_90)."""
import itertools, math, re, subprocess, sys
GEN = sys.argv[1] if len(sys.argv) > 1 else "build/tailor-gen"
shapes = {33: [(11, 11), (11, 3), (3, 11)], 65: [(13, 5), (5, 13), (13, 10), (10, 13)],
          49: [(7, 7)], 35: [(7, 7), (7, 5)], 55: [(11, 5), (11, 11)], 45: [(9, 9), (9, 5)],
          39: [(13, 3), (13, 6)]}
def gen(shape, cfg=None, compile_=False):
    a = [GEN, "--shape", shape, "--dtype", "f32"]
    if cfg: a += ["--config", cfg]
    if compile_: a += ["--compile", "-q"]
    else: a += ["--candidates", "1"]
    r = subprocess.run(a, capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr
out = []
for s, tiles in shapes.items():
    batch = (1 << 27) // (3 * s * s)
    shape = f"{batch}x{s}x{s}x{s}"
    rc, txt = gen(shape)
    heur = re.search(r"us\s+(\S+)", txt).group(1)
    out.append(f"# {s}^3: the heuristic first")
    out.append(f"{shape} f32 {heur}")
    per_mat = 2 * s * s * 4
    for rm, rn in tiles:
        units1 = math.ceil(s / rm) * math.ceil(s / rn)
        for mats in (1, 2, 4, 6, 8, 12, 16):
            if mats * per_mat > 110 * 1024: continue
            units = mats * units1
            t = max(64, math.ceil(units / 32) * 32)
            if t > 1024 or units < t * 0.6: continue
            for extra in ("cs=1,tma=1", "cs=1,tma=2"):
                vec = 4 if (mats * s * s) % 4 == 0 else (2 if (mats * s * s) % 2 == 0 else 1)
                cfg = f"slab,t={t},minb=1,mats={mats},vec={vec},rm={rm},rn={rn},grid=0,{extra}"
                rc, txt = gen(shape, cfg, True)
                if rc != 0:
                    print("skip", shape, cfg, txt.strip().splitlines()[-1][:150], file=sys.stderr); continue
                regs = int(re.search(r"registers\s+(\d+)", txt).group(1))
                sp = re.search(r"spills\s+(\d+) bytes stores", txt).group(1)
                if sp != "0": print("spill", shape, cfg, sp, file=sys.stderr); continue
                out.append(f"{shape} f32 {cfg} # regs {regs}")
print("\n".join(out))
