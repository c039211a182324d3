#!/usr/bin/env python3
"""Forced draw: f32 one-matrix slabs (CTA size vs registers), f64 mma slabs past 68 KB
(two buffers, persistent) and f64 mma slabs' warp tiles. Writes "shape dtype config" lines
(bench/gpu_run.sh force). Each config is checked by tailor-gen (no GPU)."""
import random, subprocess, sys

GEN = sys.argv[1] if len(sys.argv) > 1 else "build-gpu/tailor-gen"

def heur(shape, dt):
    out = subprocess.run([GEN, "--shape", shape, "--dtype", dt, "--compile", "-q"], capture_output=True, text=True).stdout
    cfg = regs = None
    for l in out.splitlines():
        if l.startswith("config"): cfg = l.split()[1]
        if l.startswith("registers"): regs = int(l.split()[1])
    return cfg, regs

def ok(shape, dt, cfg):
    r = subprocess.run([GEN, "--shape", shape, "--dtype", dt, "--config", cfg, "-q"], capture_output=True, text=True)
    return r.returncode == 0

def parse(cfg):
    f, *kv = cfg.split(",")
    return f, dict(x.split("=") for x in kv)

def fmt(f, d):
    return f + "," + ",".join(f"{k}={v}" for k, v in d.items())

cd = lambda a, b: -(-a // b)
lines = []
def emit(shape, dt, cfgs, tag):
    seen = []
    for c in cfgs:
        if c and c not in seen and ok(shape, dt, c): seen.append(c)
    for c in seen: lines.append(f"{shape} {dt} {c}")
    print(f"# {tag} {shape} {dt}: {len(seen)} configs", file=sys.stderr)

r = random.Random(9292)
n = 0
while n < 12:  # f32, sides 40-128, A and B 40-100 KB, heuristic on the one-matrix slab
    m, k, nn = (r.randint(40, 128) for _ in range(3))
    ab = (m * k + k * nn) * 4
    if not 40 * 1024 <= ab <= 100 * 1024: continue
    b = int(400e6 / ((m * k + k * nn + m * nn) * 4)); shape = f"{b}x{m}x{k}x{nn}"
    h, regs = heur(shape, "f32")
    f, d = parse(h)
    if f != "slab": continue
    n += 1
    cfgs = [h]
    t = int(d["t"])
    e = dict(d); e.pop("cs", None); cfgs.append(fmt(f, e))  # C from the registers
    for tt in (64, 128):  # fewer threads than micro-tiles (rounds), so no staged C
        e = dict(d); e["t"] = str(tt); e.pop("cs", None); cfgs.append(fmt(f, e))
    for rm, rn, tt in ((4, 4, 128), (4, 4, 256), (4, 5, 128)):
        e = dict(d); e.update(t=str(tt), rm=str(rm), rn=str(rn), vec="1"); e.pop("cs", None); cfgs.append(fmt(f, e))
    e = dict(d); e.update(st="2", grid="2"); cfgs.append(fmt(f, e))  # two buffers, persistent
    emit(shape, "f32", cfgs, f"f32 slab regs={regs} t={t}")

r = random.Random(9393)
n = 0
while n < 10:  # f64, sides 17-128, A and B 68-112 KB
    m, k, nn = (r.randint(17, 128) for _ in range(3))
    ab = (m * k + k * nn) * 8
    if not 68 * 1024 < ab <= 112 * 1024: continue
    b = int(400e6 / ((m * k + k * nn + m * nn) * 8)); shape = f"{b}x{m}x{k}x{nn}"
    h, regs = heur(shape, "f64")
    n += 1
    mb, nb = cd(m, 16), cd(nn, 16)
    cfgs = [h]
    for rm, rn in ((2, 1), (1, 2), (2, 2), (1, 1)):
        t = 32 * cd(mb, rm) * cd(nb, rn)
        if t > 1024: continue
        cfgs.append(f"slab,t={t},minb=1,mats=1,vec=1,rm={rm},rn={rn},grid=1,st=2,cs=1,tma=1,mma=1")
    emit(shape, "f64", cfgs, f"f64 past 68 KB heur={h}")

r = random.Random(9494)
n = 0
while n < 10:  # f64 mma slabs of 20-68 KB: the warp tile
    m, k, nn = (r.randint(24, 100) for _ in range(3))
    ab = (m * k + k * nn) * 8
    if not 20 * 1024 <= ab <= 68 * 1024: continue
    b = int(400e6 / ((m * k + k * nn + m * nn) * 8)); shape = f"{b}x{m}x{k}x{nn}"
    h, regs = heur(shape, "f64")
    f, d = parse(h)
    if f != "slab" or d.get("mma") != "1" or cd(m, 16) < 2: continue
    n += 1
    mb, nb = cd(m, 16), cd(nn, 16)
    cfgs = [h]
    for rm, rn in ((2, cd(nb, 2)), (2, 2), (2, 1), (3, 2), (2, 3), (1, 2)):
        if rm > mb or rn > nb: continue
        t = 32 * cd(mb, rm) * cd(nb, rn)
        e = dict(d); e["t"] = str(t); e["rm"] = str(rm); e["rn"] = str(rn); cfgs.append(fmt(f, e))
    emit(shape, "f64", cfgs, f"f64 mma slab heur={h}")

print("# forced draw (seeds 9292, 9393, 9494): shape dtype config")
print("\n".join(lines))
