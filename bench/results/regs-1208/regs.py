#!/usr/bin/env python3
"""Registers of FMA slab kernels: the cost model's estimate against NVRTC's resource report.

Collects the FMA slab kernels (no mma, no regrouping) named in the timings kept under
bench/results, draws up to N of them (seeded), compiles each with `tailor-gen --compile -q`
and prints, per kernel, the compiled registers beside the model's estimate
32 + (rm rn + 2 (rm + rn) min(4, 16 / esize)) esize / 4, and the resident CTAs per SM each gives.
Usage: regs.py TAILOR_GEN [N] [SEED] > regs.txt
"""
import glob, math, os, random, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

here = os.path.dirname(os.path.abspath(__file__))
res = os.path.dirname(here)
src = open(os.path.join(res, 'odd-f32-1207', 'model.py')).read().replace('\nmain()\n', '\n')
ns = {}
exec(compile(src, 'model.py', 'exec'), ns)
config_of = ns['config']

gen = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
random.seed(int(sys.argv[3]) if len(sys.argv) > 3 else 1208)
seen = {}
for path in sorted(glob.glob(os.path.join(res, '**', '*.log'), recursive=True) +
                   glob.glob(os.path.join(res, '**', '*.txt'), recursive=True)):
    with open(path, errors='ignore') as f:
        for line in f:
            p = line.split()
            if len(p) < 8 or not re.match(r'^\d+x\d+x\d+x\d+$', p[0]) or p[1] not in ('f32', 'f64'): continue
            if not p[-1].startswith('tailor_') or '_slab_' not in p[-1] or '_mma' in p[-1]: continue
            key = tuple(p[:3]) if p[2].startswith('bcast') else tuple(p[:2])
            try:
                cfg, m = config_of(p[-1])
            except (ValueError, AttributeError):
                continue
            if m != int(key[0].split('x')[1]): continue
            seen[(key, cfg)] = 1
items = sorted(seen)
random.shuffle(items)
items = items[:n]


def model(cfg, esz):
    kv = dict(x.split('=') for x in cfg.split(',')[1:])
    rm, rn = int(kv['rm']), int(kv['rn'])
    return min(255.0, 32 + (rm * rn + 2.0 * (rm + rn) * min(4, 16 / esz)) * esz / 4.0), kv


def run(item):
    key, cfg = item
    a = [gen, '--shape', key[0], '--dtype', key[1], '--config', cfg, '--compile', '-q']
    if len(key) > 2: a += ['--bcast', key[2][-1]]
    r = subprocess.run(a, capture_output=True, text=True)
    m = re.search(r'registers\s+(\d+)', r.stdout)
    return item, int(m.group(1)) if m else None


print('# problem dtype [bcast] config compiled model cta_compiled cta_model')
with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
    for (key, cfg), regs in ex.map(run, items):
        if regs is None: continue
        esz = 4 if key[1] == 'f32' else 8
        est, kv = model(cfg, esz)
        t = int(kv['t'])
        cta = lambda r: math.floor(65536 / (math.ceil(r / 8) * 8 * t))
        print(' '.join(key), cfg, regs, f'{est:.0f}', cta(regs), cta(est))
