#!/usr/bin/env python3
"""feat3.py GEN FORCE CMP_OUT: for each problem of cmp.py's output, the H config's threads, slab
bytes, registers and CTAs an SM (sm_90 limits), 16-byte units a thread, K, and T2/H."""
import os, re, subprocess, sys
gen, force, cmpout = sys.argv[1:4]
env = dict(os.environ, TAILOR_DB="/tmp/none.db")
cfg = {}
for l in open(force):
    f = l.split()
    if f[-1] == "H": cfg[(f[0], f[1])] = f[3]
for l in open(cmpout):
    m = re.match(r"\s*(\S+) (f32|f64) (\w+)\s+H\s+(\S+)\s+T2\s+(\S+)\s+(\S+)x", l)
    if not m: continue
    shape, dt, fam, h, t, r = m.groups()
    c = cfg[(shape, dt)]
    out = subprocess.run([gen, "--shape", shape, "--dtype", dt, "--config", c, "--compile", "-q"], capture_output=True, text=True, env=env).stdout
    regs = int(re.search(r"^registers\s+(\d+)", out, re.M).group(1))
    smem = int(re.search(r"(\d+) bytes dynamic", out).group(1))
    th = int(re.search(r"t=(\d+)", c).group(1)); mats = int(re.search(r"mats=(\d+)", c).group(1))
    b, M, K, N = map(int, shape.split("x")); esz = 4 if dt == "f32" else 8
    run = mats * (M * K + K * N) * esz
    regs_a = (regs + 7) // 8 * 8
    ctas = min(65536 // (regs_a * max(th, 32)), (233472) // (smem + 1024 + 16), 2048 // th, 32)
    print(f"{shape:>20} {dt} {fam} t={th:3d} mats={mats:2d} K={K:3d} run={run:6d} units/t={run/16/th:5.1f} regs={regs:3d} smem={smem:6d} ctas={ctas:2d} warps={ctas*th//32:2d} H={h} T2={t} r={r}")
