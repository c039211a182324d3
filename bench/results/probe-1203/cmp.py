#!/usr/bin/env python3
"""cmp.py LOG... : per problem the lower %copy over rounds of the _tma (H) and _tmt (T2) kernels
of force.sh logs; ratio T2/H, sorted, with the geomean, and split by dtype and MMA."""
import math, re, sys, collections
v = collections.defaultdict(dict)
for path in sys.argv[1:]:
    for line in open(path):
        f = line.split()
        if len(f) < 9 or f[0] == "problem" or "%" not in f[4]:
            continue
        key = (f[0], f[1]); kern = f[-1]; pct = float(f[4].rstrip("%"))
        tag = "T2" if "_tmt" in kern else "H"
        v[key].setdefault(tag, []).append(pct)
        v[key]["mma"] = "_mma" in kern
        v[key]["kern"] = kern if tag == "H" else v[key].get("kern", kern)
rows = []
for key, d in v.items():
    if "H" in d and "T2" in d:
        h, t = min(d["H"]), min(d["T2"])
        rows.append((t / h, key, h, t, d["mma"]))
rows.sort()
for r, key, h, t, mma in rows:
    print(f"{key[0]:>22} {key[1]} {'mma' if mma else 'fma'}  H {h:6.1f}  T2 {t:6.1f}  {r:5.3f}x")
def gm(xs): return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float('nan')
for name, sel in [("all", lambda k, m: True), ("f32", lambda k, m: k[1] == "f32"), ("f64 fma", lambda k, m: k[1] == "f64" and not m), ("f64 mma", lambda k, m: m)]:
    xs = [r for r, k, h, t, m in rows if sel(k, m)]
    print(f"{name}: n {len(xs)} geomean {gm(xs):.3f} min {min(xs) if xs else 0:.3f} max {max(xs) if xs else 0:.3f} faster {sum(x > 1.01 for x in xs)} slower {sum(x < 0.99 for x in xs)}")
