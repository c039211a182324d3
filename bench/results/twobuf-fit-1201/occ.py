#!/usr/bin/env python3
"""occ.py LIST TAGS: registers, shared memory and CTAs an SM (sm_90 limits) of each tagged config."""
import subprocess, sys, math
tags = sys.argv[2].split(",")
def occ(shape, flag, cfg):
    a = ["build/tailor-gen", "--shape", shape, "--dtype", "f32", "--config", cfg, "--compile", "-q"] + (["--bcast", flag[-1]] if flag != "-" else [])
    out = subprocess.run(a, capture_output=True, text=True).stdout
    d = {l.split()[0]: l.split()[1:] for l in out.splitlines() if l.strip()}
    regs = int(d["registers"][0]); st = int(d["smem"][0]); dyn = int(d["smem"][3])
    t = int(d["launch"][4])
    warps = math.ceil(t / 32)
    per_warp = math.ceil(regs * 32 / 256) * 256
    by_regs = 65536 // (per_warp * warps)
    by_smem = (233472) // (st + dyn + 1024)
    return regs, st + dyn, min(by_regs, by_smem, 2048 // t, 32), by_regs, by_smem
for l in open(sys.argv[1]):
    if l.startswith("#"): continue
    s, d, f, c, tag = l.split()
    if tag in tags:
        r = occ(s, f, c)
        print(s, f, tag, *r, c)
