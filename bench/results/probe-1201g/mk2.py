#!/usr/bin/env python3
"""Forced lists for call 2 (tailor-gen and NVRTC here, no GPU).
  mk2.py f32 SEED COUNT > list   f32 problems where the runtime's two-buffer rule (Runtime::Impl::settle,
                                 as of 055f2d6) fires: the heuristic's slab (H) and the settled plan (HX),
                                 with the slab's FMA per byte of A and B it loads (fpb)
  mk2.py f32s SEED COUNT > list  the same for sides of 8-40 (M, N 8-40, K 4-40)
  mk2.py cubes 0 N > list        the same for f32 cubes of sides 12-40, none shared, 537 MB
  mk2.py f64 SEED COUNT > list   f64 one-matrix slabs on the tensor cores, both sides past 64, A and B of
                                 62-68 KB (past the two-buffer rule's 62 KB): H, the heuristic's two-buffer
                                 slab layout (T2), and H's own layout with two buffers (H2)
Draw: M, N, K uniform in the ranges below, A or B shared or neither, ~100 MB a problem."""
import math, random, subprocess, sys
GEN = "build/tailor-gen"

def gen(shape, dt, flag, cfg=None):
    a = [GEN, "--shape", shape, "--dtype", dt, "--compile", "-q"] + (["--bcast", flag[-1]] if flag else [])
    if cfg: a += ["--config", cfg]
    out = subprocess.run(a, capture_output=True, text=True)
    if out.returncode: return None
    d = {l.split()[0]: l.split()[1:] for l in out.stdout.splitlines() if l.strip()}
    return d

def occ(d):
    regs = int(d["registers"][0]); smem = int(d["smem"][0]) + int(d["smem"][3]) + 1024
    t = int(d["launch"][4]); warps = math.ceil(t / 32)
    per_warp = math.ceil(regs * 32 / 256) * 256
    return min(65536 // (per_warp * warps), 2048 // t, 233472 // smem, 32)

def kv(cfg):
    fam, *rest = cfg.split(",")
    return fam, dict(x.split("=") for x in rest)

def text(fam, c): return ",".join([fam] + [f"{k}={v}" for k, v in c.items()])

def batch_for(m, k, n, es, flag, mb=100e6):
    per = (0 if flag == "bcastA" else m * k) + (0 if flag == "bcastB" else k * n) + m * n
    return max(2, int(mb / es / per))

def fpb(m, k, n, flag):
    loaded = (0 if flag == "bcastA" else m * k) + (0 if flag == "bcastB" else k * n)
    return m * k * n / (4 * max(loaded, 1))

mode, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
r = random.Random(seed)
found = tries = 0
print(f"# mk2.py {mode} {seed} {count}")
while found < count and tries < 60 * count:
    tries += 1
    flag = r.choice(["", "bcastA", "bcastB"])
    if mode == "f32":
        m, k, n = r.randint(8, 128), r.randint(4, 128), r.randint(8, 128)
        dt, es = "f32", 4
    elif mode == "cubes":
        m = k = n = 12 + tries - 1
        flag = ""
        if m > 40: break
        dt, es = "f32", 4
    elif mode == "f32s":
        m, k, n = r.randint(8, 40), r.randint(4, 40), r.randint(8, 40)
        dt, es = "f32", 4
    else:
        m, n = r.randint(65, 90), r.randint(65, 90)
        k = int(r.uniform(62, 68) * 1024 / 8 / (m + n))
        flag = ""
        if not (62 * 1024 < (m * k + k * n) * 8 <= 68 * 1024): continue
        dt, es = "f64", 8
    shape = f"{batch_for(m, k, n, es, flag, 300e6 if mode == 'f64' else 537e6 if mode == 'cubes' else 100e6)}x{m}x{k}x{n}"
    h = gen(shape, dt, flag)
    if not h: continue
    fam, c = kv(h["config"][0])
    if mode != "f64":
        if fam != "slab" or c.get("mma") == "1" or c.get("tma") != "1" or c.get("st", "0") != "0" or \
           c.get("grid") != "0" or c.get("minb") != "1" or any(x in c for x in ("rows", "tr", "cols")): continue
        one = occ(h)
        if not (1 <= one <= 8): continue
        c2 = dict(c); c2["st"] = "2"; c2["grid"] = str(one)
        h2 = gen(shape, dt, flag, text(fam, c2))
        if not h2 or occ(h2) < one: continue
        c2["grid"] = str(occ(h2))
        tag = f"fpb={fpb(m, k, n, flag):.2f}"
        print(shape, dt, flag or "-", text(fam, c), "H", tag)
        print(shape, dt, flag or "-", text(fam, c2), "HX", tag)
    else:
        if fam != "slab" or c.get("mma") != "1" or c.get("mats") != "1" or c.get("st", "0") != "0": continue
        mb_, nb_ = math.ceil(m / 16), math.ceil(n / 16)
        cols = mb_ % 2 == 1 and nb_ % 2 == 0
        t2 = {"t": None, "minb": "1", "mats": "1", "vec": "1", "rm": "1" if cols else "2", "rn": "2" if cols else "1",
              "grid": "1", "st": "2", "cs": "1", "tma": "1", "mma": "1"}
        rm, rn = int(t2["rm"]), int(t2["rn"])
        if math.ceil(mb_ / rm) * math.ceil(nb_ / rn) > 16: rm = rn = 2; t2["rm"] = t2["rn"] = "2"
        t2["t"] = str(32 * math.ceil(mb_ / rm) * math.ceil(nb_ / rn))
        h2 = dict(c); h2["st"] = "2"; h2["grid"] = "1"
        lines = [(text(fam, c), "H")]
        if gen(shape, dt, flag, text("slab", t2)): lines.append((text("slab", t2), "T2"))
        if gen(shape, dt, flag, text(fam, h2)): lines.append((text(fam, h2), "H2"))
        for cfg, tag in lines: print(shape, dt, "-", cfg, tag, f"ab={(m * k + k * n) * 8 / 1024:.1f}KB")
    found += 1
