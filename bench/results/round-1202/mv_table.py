#!/usr/bin/env python3
"""mv_table.py: every matrix-vector product timed under the rule's pick (call 1 forced: the
pick of the rule, T2 or R2, against H; call 2 through dispatch, old against new), with the
new pick's threads, matrices, slab bytes (A and B of one slab), bytes a thread, and speed-up."""
import re, subprocess, collections
rows = []
def info(shape, dt, cfg):
    b, m, k, n = map(int, shape.split("x")); esz = 4 if dt == "f32" else 8
    t = int(re.search(r"t=(\d+)", cfg).group(1)); mats = int(re.search(r"mats=(\d+)", cfg).group(1))
    kb = mats * (m * k + k * n) * esz / 1024
    return m, k, esz, t, mats, kb
# call 1: the rule's pick is R2 where present, else T2 (checked equal to tailor-gen's pick)
cf = collections.defaultdict(dict)
for l in open("force_mv.txt"):
    f = l.split()
    if f and f[0] != "#": cf[(f[0], f[1])][f[3]] = f[2]
an = subprocess.run(["python3", "analyze.py", "force_mv.txt", "call1/mv/force.log"], capture_output=True, text=True).stdout
for l in an.splitlines():
    f = l.split()
    if len(f) < 6 or "x" not in f[0] or not f[0][0].isdigit(): continue
    d = dict(zip(f[5::3], f[7::3]))
    tag = "R2" if "R2" in d else "T2"
    r = float(d[tag].rstrip("x")); key = (f[0], f[1])
    rows.append(("forced", key[0], key[1], *info(*key, cf[key][tag]), r))
cfgs = {}
lines = open("ab_mv.suite").read().splitlines()
for i, l in enumerate(lines):
    if l.startswith("#"): cfgs[lines[i + 1]] = l.split("-> ")[1]
ab = subprocess.run(["python3", "../tma2k-1202/ab.py", "call2/ab/disp_ep.log"], capture_output=True, text=True).stdout
for l in ab.splitlines():
    f = l.split()
    if len(f) < 5 or not f[0][0].isdigit(): continue
    b, m, k, n = f[0].split("x"); key = f"{b} {m} {k} {n} {f[1]}"
    rows.append(("dispatch", f[0], f[1], *info(f[0], f[1], cfgs[key]), float(f[-1].rstrip("x"))))
for r in sorted(rows, key=lambda r: r[-1]):
    print(f"{r[0]:8s} {r[1]:>18} {r[2]} M={r[3]:2d} K={r[4]:3d} t={r[6]:3d} mats={r[7]:2d} slab {r[8]:6.1f} KB  {r[8]*1024/r[6]:6.0f} B/thread  {r[9]:.3f}x")
