#!/usr/bin/env python3
"""feat.py GEN FORCE LOG1 LOG2: each forced config's % of copy (the lower of two rounds) beside
what an SM holds of it (registers, shared memory, CTAs and warps an SM), bytes of A and B a
thread, micro-tiles a thread."""
import re, subprocess, sys, os, collections
gen, force, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
env = dict(os.environ, TAILOR_DB="/tmp/none.db")
order = collections.defaultdict(list); lines = {}
for l in open(force):
    if l.startswith('#') or not l.strip(): continue
    f = l.split(); order[(f[0], f[1])].append(f[4]); lines[(f[0], f[1], f[4])] = f[3]
res = collections.defaultdict(list)
for fn in logs:
    idx = 0
    for l in open(fn):
        f = l.split()
        if len(f) < 9: continue
        if f[0] == 'problem': idx = 0; continue
        key = (f[0], f[1]); v = order[key][idx]; idx += 1
        res[key + (v,)].append(float(f[4].rstrip('%')))
for key, pct in res.items():
    shape, dtype, name = key
    cfg = lines[key]
    out = subprocess.run([gen, "--shape", shape, "--dtype", dtype, "--config", cfg, "--compile", "-q"], capture_output=True, text=True, env=env).stdout
    regs = int(re.search(r"registers\s+(\d+)", out).group(1))
    sm = re.search(r"smem\s+(\d+) bytes static, (\d+) bytes dynamic", out)
    smem = int(sm.group(1)) + int(sm.group(2))
    kv = dict(p.split("=") for p in cfg.split(",")[1:])
    t, mats, rm, rn = int(kv["t"]), int(kv["mats"]), int(kv["rm"]), int(kv["rn"])
    b, m, k, n = (int(x) for x in shape.split("x"))
    esz = 4 if dtype == "f32" else 8
    rr = (regs + 7) // 8 * 8
    ctas = min(65536 // (rr * t), (233472) // (smem + 1024), 2048 // t, 32)
    units = mats * -(-m // rm) * -(-n // rn)
    print(f"{shape:>16} {dtype} {name:14} {min(pct):5.1f}  regs={regs:3} smem={smem:6} ctas={ctas:2} warps={ctas*t//32:2} ABbytes/thr={mats*(m*k+k*n)*esz//t:5} tiles/thr={units/t:5.2f} inflight_KB={ctas*mats*(m*k+k*n)*esz/1024:6.0f} {cfg}")
