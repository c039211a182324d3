#!/usr/bin/env python3
"""Variants of the heuristic's bulk-copied slab (cs=1, tma=1) for a list of problems.

mkv.py GEN LIST > force.txt: for each "shape dtype flag" line of LIST, the heuristic's config
(H) and the same slab with the bulk copies off (H-tma), C unstaged (H-cs), both off (H-both),
half and twice its matrices, and two buffers on a persistent grid; each line checked with
tailor-gen --compile (illegal or spilling variants are left out) and tagged with its name and
registers."""
import re, subprocess, sys, os

gen, path = sys.argv[1], sys.argv[2]
env = dict(os.environ, TAILOR_DB="/tmp/none.db")

def gen_run(shape, dtype, flag, config=None, compile_=False):
    cmd = [gen, "--shape", shape, "--dtype", dtype]
    if flag != "-":
        cmd += ["--bcast", flag[len("bcast"):]]
    if config:
        cmd += ["--config", config]
    if compile_:
        cmd += ["--compile", "-q"]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return r.returncode, r.stdout + r.stderr

def parse(cfg):
    parts = cfg.split(",")
    return parts[0], dict(p.split("=") for p in parts[1:])

def fmt(fam, kv):
    return fam + "," + ",".join(f"{k}={v}" for k, v in kv.items())

for line in open(path):
    line = line.split("#")[0].strip()
    if not line:
        continue
    shape, dtype, flag = line.split()
    rc, out = gen_run(shape, dtype, flag)
    h = re.search(r"^// config:\s+(\S+)", out, re.M).group(1)
    fam, kv = parse(h)
    vs = [("H", dict(kv))]
    if fam == "slab":
        def var(name, **ch):
            d = dict(kv)
            for k, v in ch.items():
                if v is None:
                    d.pop(k, None)
                else:
                    d[k] = str(v)
            vs.append((name, d))
        if kv.get("tma") == "1":
            var("H-tma", tma=None)
            var("H-both", tma=None, cs=None)
        if kv.get("cs") == "1":
            var("H-cs", cs=None)
        m = int(kv["mats"])
        if m >= 2:
            var("Hm/2", mats=m // 2)
        var("Hm*2", mats=m * 2)
        if kv.get("st") != "2":
            var("H-st2", st=2, grid=4)
        t, rm, rn = int(kv["t"]), int(kv["rm"]), int(kv["rn"])
        # the same outputs a CTA in twice the threads, half the micro-tile
        if rm % 2 == 0 and rm >= rn:
            var("H-t*2", t=2 * t, rm=rm // 2)
        elif rn % 2 == 0:
            var("H-t*2", t=2 * t, rn=rn // 2)
        # twice the matrices in twice the threads
        if 2 * t <= 1024:
            var("H-tm*2", t=2 * t, mats=2 * m)
    # the cost model's best other candidate that is not a bulk-copied slab
    rc, out = gen_run(shape, dtype, flag, None, False) if False else (0, "")
    cmd = [gen, "--shape", shape, "--dtype", dtype, "--candidates", "12"] + (["--bcast", flag[5:]] if flag != "-" else [])
    cands = subprocess.run(cmd, capture_output=True, text=True, env=env).stdout.splitlines()
    for c in cands:
        mm = re.match(r"\s+[\d.]+ us\s+(\S+)", c)
        if mm and "tma=1" not in mm.group(1) and "ks=" not in mm.group(1) and mm.group(1) != h:
            f2, kv2 = parse(mm.group(1))
            vs.append(("C1", kv2))
            break
    seen = set()
    for name, d in vs:
        cfg = fmt(fam if name != "C1" else "slab", d)
        if cfg in seen:
            continue
        seen.add(cfg)
        rc, out = gen_run(shape, dtype, flag, cfg, True)
        regs = re.search(r"^registers\s+(\d+)", out, re.M)
        spill = re.search(r"^spills\s+(\d+) bytes stores", out, re.M)
        if rc != 0 or not regs:
            print(f"# {shape} {dtype} {flag} {cfg} {name}: rejected: {out.strip().splitlines()[-1] if out.strip() else rc}")
            continue
        if spill and int(spill.group(1)) > 0:
            print(f"# {shape} {dtype} {flag} {cfg} {name}: spills {spill.group(1)}")
            continue
        print(f"{shape} {dtype} {flag} {cfg} {name} regs={regs.group(1)}")
