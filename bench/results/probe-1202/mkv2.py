#!/usr/bin/env python3
"""Threads' slabs in the style of the tuned small-matrix winners (one column a micro-tile,
C written from registers) for a list of problems, beside the heuristic's config.

mkv2.py GEN LIST > force.txt: for each "shape dtype flag" line, H (the heuristic's) and
slab configs with rn = 1, rm of the largest side up to 8 that pads M by 10 % at most and
about half of it, slabs of about 8 and 16 KB of A and B, CTAs of 64 and 128 threads; each
checked with tailor-gen --compile (illegal or spilling ones left out)."""
import re, subprocess, sys, os

gen, path = sys.argv[1], sys.argv[2]
env = dict(os.environ, TAILOR_DB="/tmp/none.db")

def run(shape, dtype, flag, config=None):
    cmd = [gen, "--shape", shape, "--dtype", dtype] + (["--bcast", flag[5:]] if flag != "-" else [])
    if config:
        cmd += ["--config", config, "--compile", "-q"]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return r.returncode, r.stdout + r.stderr

for line in open(path):
    line = line.split("#")[0].strip()
    if not line:
        continue
    shape, dtype, flag = line.split()
    b, m, k, n = (int(x) for x in shape.split("x"))
    esz = 4 if dtype == "f32" else 8
    rc, out = run(shape, dtype, flag)
    h = re.search(r"^// config:\s+(\S+)", out, re.M).group(1)
    cands = [("H", h)]
    sides = [r for r in range(1, 9) if -(-m // r) * r * 10 <= m * 11]
    top = max(sides)
    rms = sorted({top, max(s for s in sides if s <= max(1, top // 2))}, reverse=True)
    vec = 16 // esz
    for rm in rms:
        for kb in (8, 16):
            mats = max(1, kb * 1024 // ((m * k + k * n) * esz))
            for t in (64, 128):
                cands.append((f"c{rm}x1_{kb}k_t{t}", f"slab,t={t},minb=1,mats={mats},vec={vec},rm={rm},rn=1,grid=0"))
    seen = set()
    for name, cfg in cands:
        if cfg in seen:
            continue
        seen.add(cfg)
        rc, out = run(shape, dtype, flag, cfg)
        regs = re.search(r"^registers\s+(\d+)", out, re.M)
        sp = re.search(r"^spills\s+(\d+) bytes stores", out, re.M)
        if rc != 0 or not regs:
            # a vector width the slab's runs do not allow: retry with narrower vectors
            ok = False
            for v in (vec // 2, 1):
                if v < 1:
                    continue
                c2 = cfg.replace(f"vec={vec}", f"vec={v}")
                rc, out = run(shape, dtype, flag, c2)
                regs = re.search(r"^registers\s+(\d+)", out, re.M)
                if rc == 0 and regs:
                    cfg, ok = c2, True
                    sp = re.search(r"^spills\s+(\d+) bytes stores", out, re.M)
                    break
            if not ok:
                print(f"# {shape} {dtype} {flag} {cfg} {name}: rejected: {out.strip().splitlines()[-1] if out.strip() else rc}")
                continue
        if sp and int(sp.group(1)) > 0:
            print(f"# {shape} {dtype} {flag} {cfg} {name}: spills {sp.group(1)}")
            continue
        print(f"{shape} {dtype} {flag} {cfg} {name} regs={regs.group(1)}")
