#!/usr/bin/env python3
"""Draw f32 mid-size problems (A shared, B shared, none) and write a forced list of kernel
kinds for each: the heuristic, one-matrix slabs, two buffers in a persistent grid, the best
regrouping and the best tiled candidate. Usage: mk_force.py SEED N_PER_KIND > list"""
import random, subprocess, sys, re, math
seed, per = int(sys.argv[1]), int(sys.argv[2])
FLAGS = sys.argv[3].split(",") if len(sys.argv) > 3 else ["bcastA", "bcastB", "-"]
NO_T = len(sys.argv) > 4
r = random.Random(seed)
GEN = "build/tailor-gen"

def gen(shape, flag, *extra):
    a = [GEN, "--shape", shape, "--dtype", "f32"] + (["--bcast", flag[-1]] if flag != "-" else []) + list(extra)
    return subprocess.run(a, capture_output=True, text=True)

def heur(shape, flag):
    p = subprocess.run(["/tmp/regroup_options"], input=f"{shape} f32 {flag}\n", capture_output=True, text=True).stdout
    return p.splitlines()[0].split()[4]

def valid(shape, flag, cfg):
    return gen(shape, flag, "--config", cfg).returncode == 0

def kv(cfg):
    fam, *rest = cfg.split(",")
    return fam, dict(x.split("=") for x in rest)

def text(fam, d):
    return ",".join([fam] + [f"{k}={v}" for k, v in d.items()])

def regroup_top(shape, flag):
    p = subprocess.run(["/tmp/regroup_options"], input=f"{shape} f32 {flag}\n", capture_output=True, text=True).stdout
    for line in p.splitlines():
        f = line.split()
        if f[3] == "option": return f[5]
    return None

def regroup_tiled_top(shape, flag):
    p = subprocess.run(["/tmp/regroup_options"], input=f"{shape} f32 {flag}\n", capture_output=True, text=True).stdout
    for line in p.splitlines():
        f = line.split()
        if f[3] == "option" and f[5].startswith("tiled,"): return f[5]
    return None

def tiled_top(shape, flag):
    out = gen(shape, flag, "--candidates", "300").stdout
    for line in out.splitlines()[1:]:
        f = line.split()
        if len(f) >= 3 and f[2].startswith("tiled,") and "rows=" not in f[2] and "cols=" not in f[2]: return f[2]
    return None

probs = []
for flag in FLAGS:
    for _ in range(per):
        m, k, n = r.randint(36, 96), r.randint(16, 72), r.randint(24, 96)
        per_mat = (m * k if flag != "bcastA" else 0) + (k * n if flag != "bcastB" else 0) + m * n
        batch = int(100e6 / (per_mat * 4))
        probs.append((f"{batch}x{m}x{k}x{n}", flag))
print(f"# seed {seed}: f32 M 36-96, K 16-72, N 24-96, ~100 MB; kinds: H M1 Hst M1st M1st2 R T")
for shape, flag in probs:
    h = heur(shape, flag)
    seen = []
    def add(tag, cfg):
        if cfg and cfg not in [c for _, c in seen] and valid(shape, flag, cfg):
            seen.append((tag, cfg))
    add("H", h)
    fam, d = kv(h)
    if fam == "slab" and d.get("mma", "0") == "0" and "rows" not in d and "tr" not in d:
        m, k, n = map(int, shape.split("x")[1:])
        rm, rn = int(d["rm"]), int(d["rn"])
        per_t = math.ceil(m / rm) * math.ceil(n / rn) * int(d.get("ks", "1"))
        def variant(mats, st):
            e = dict(d)
            e["mats"] = str(mats)
            t = (per_t * mats + 31) // 32 * 32
            if t > 1024: return None
            e["threads"] = e.pop("t") if False else None
            e = {("t" if kk == "t" else kk): vv for kk, vv in d.items()}
            e["t"] = str(t); e["mats"] = str(mats)
            if st:
                e["st"] = "2"; e["grid"] = str(st); e["tma"] = "1"
            return text(fam, e)
        mats = int(d["mats"])
        G = lambda t: max(1, min(4, 1024 // t))
        t1 = (per_t + 31) // 32 * 32
        tH = int(d["t"])
        small = None
        for ms in (1, 2, 4):
            if ms >= mats: break
            v = variant(ms, 0)
            if v and valid(shape, flag, v): small = ms; break
        add("Hst", variant(mats, G(tH)))
        add("HX", variant(mats, 8))
        if small is None and mats <= 2: small = mats
        if small is not None:
            ts = (per_t * small + 31) // 32 * 32
            add("M1", variant(small, 0))
            add("M1st", variant(small, G(ts)))
            add("M1X", variant(small, 8))
            if G(ts) // 2 >= 1: add("M1st2", variant(small, G(ts) // 2))
    add("R", regroup_top(shape, flag))
    add("Rt", regroup_tiled_top(shape, flag))
    if not NO_T: add("T", tiled_top(shape, flag))
    for tag, cfg in seen:
        print(f"{shape} f32 {flag} {cfg} {tag}")
