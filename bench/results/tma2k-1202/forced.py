#!/usr/bin/env python3
"""forced.py FORCE_FILE FORCE_LOG: per problem of a force.log (H and T2 of draw.py), T2's
speed over H's (H time / T2 time), split by whether each slab's runs of A and B are whole
32-byte sectors (mats*M*K and mats*K*N elements), with geomeans over the FMA slabs of up to
128 threads (the sector rule's family) and over all."""
import collections, math, re, sys
cfg = {}
for l in open(sys.argv[1]):
    f = l.split()
    if f and f[-1] == "H": cfg[(f[0], f[1])] = f[2]
v = collections.defaultdict(dict)
for l in open(sys.argv[2]):
    f = l.split()
    if len(f) < 9 or f[0] == "problem" or "%" not in f[4]: continue
    v[(f[0], f[1])]["T2" if "_tmt" in f[-1] else "H"] = (float(f[2]), float(f[4].rstrip("%")))
gm = lambda x: math.exp(sum(map(math.log, x)) / len(x)) if x else float("nan")
res = {"sectors": [], "other": []}
for k, d in v.items():
    if "H" not in d or "T2" not in d: continue
    b, M, K, N = map(int, k[0].split("x")); esz = 4 if k[1] == "f32" else 8; c = cfg[k]
    mats = int(re.search(r"mats=(\d+)", c).group(1)); t = int(re.search(r"t=(\d+)", c).group(1))
    sec = (mats * M * K * esz) % 32 == 0 and (mats * K * N * esz) % 32 == 0
    fam = "mma" if "mma=1" in c else "fma"
    res["sectors" if sec else "other"].append((d["H"][0] / d["T2"][0], k, t, fam, d["H"][1], d["T2"][1]))
for g, rows in res.items():
    for r, k, t, fam, h, t2 in sorted(rows):
        print(f"{g:8s} {k[0]:>20} {k[1]} {fam} t={t:3d}  H {h:5.1f} %  T2 {t2:5.1f} %  {r:.3f}x")
    fam_rows = [r for r, k, t, fam, h, t2 in rows if t <= 128 and fam == "fma"]
    print(f"{g}: all {len(rows)} geomean {gm([x[0] for x in rows]):.3f}; FMA, up to 128 threads: {len(fam_rows)} "
          f"geomean {gm(fam_rows):.3f} range {min(fam_rows):.3f}-{max(fam_rows):.3f}")
