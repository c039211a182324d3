#!/usr/bin/env python3
"""analyze.py FORCE_FILE FORCE_LOG: per problem, each variant's speed over the pick H (H time /
variant time) with its % of copy; geomeans per tag, split by FMA / tensor-core slabs and, for
T2, by whether the pick's runs of A and B are whole 32-byte sectors (the "# sectors" lines)."""
import collections, math, re, sys
tag_of, fam, sec = {}, {}, {}
last = None
for l in open(sys.argv[1]):
    f = l.split()
    if not f: continue
    if f[0] == "#":
        if len(f) >= 3 and f[1] == "sectors" and last: sec[last] = f[2]
        continue
    key = (f[0], f[1]); last = key
    tag_of.setdefault(key, {})[f[2]] = f[3]
    fam[key] = "mma" if "mma=1" in f[2] else "fma"
def kname(c):  # the kernel-name fragment for a config: t, mats, micro-tile, cs, tma
    g = lambda k: re.search(rf"(?:^|,){k}=(\d+)", c)
    t, mats, rm, rn = (int(g(k).group(1)) for k in ("t", "mats", "rm", "rn"))
    cs = g("cs") and g("cs").group(1) == "1"; tma = int(g("tma").group(1)) if g("tma") else 0
    return f"_t{t}_T{mats}_", f"_r{rm}x{rn}_", cs, tma
v = collections.defaultdict(dict)
for l in open(sys.argv[2]):
    f = l.split()
    if len(f) < 9 or f[0] == "problem" or "%" not in f[4]: continue
    key = (f[0], f[1]); name = f[-1]
    for c, tag in tag_of.get(key, {}).items():
        a, b, cs, tma = kname(c)
        sfx = {1: "_tma", 2: "_tmt"}.get(tma, "")
        if a in name and b in name and (("_cs_" in name or name.endswith("_cs")) == bool(cs)) and \
           (sfx == "" or sfx + "_" in name + "_"):
            v[key][tag] = (float(f[2]), float(f[4].rstrip("%")))
gm = lambda x: math.exp(sum(map(math.log, x)) / len(x)) if x else float("nan")
groups = collections.defaultdict(list)
for key, d in v.items():
    if "H" not in d: continue
    row = [f"{key[0]:>18} {key[1]} {fam[key]} H {d['H'][1]:5.1f}%"]
    for tag, (t, p) in sorted(d.items()):
        if tag in ("H", "X"): continue
        r = d["H"][0] / t
        groups[(tag, fam[key], sec.get(key, ""))].append(r)
        row.append(f"{tag} {p:5.1f}% {r:.3f}x")
    print("  ".join(row))
for g, rs in sorted(groups.items()):
    print(f"{g[0]:3s} {g[1]} {('sectors ' + g[2]) if g[2] else '':12s} n={len(rs):2d} geomean {gm(rs):.3f} range {min(rs):.3f}-{max(rs):.3f}")
