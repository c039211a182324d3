#!/usr/bin/env python3
"""f32 products with B shared by the batch and sides of 40-256 (M or N past 64), K 16-300:
a fresh draw (seed 1210, batch for about 100 MB) plus six shapes timed before, and for each
the configs to force on the batch's rows as one tall product (rows = batch x M): the FMA
tile tailor-gen's heuristic gives the tall f32 product, the 64 x 64 DMMA tile in K steps of
8 with four stages, and f64's tile for the tall product (read as f32). Writes suite.txt and
configs.txt (shape, then the configs, tab-separated). Usage: draw.py TAILOR_GEN"""
import random, subprocess, sys
gen = sys.argv[1]
rng = random.Random(1210)
shapes = [(3007, 66, 92, 106), (1044, 49, 188, 106), (587, 176, 247, 106), (497, 201, 242, 205),
          (284, 138, 201, 241), (223, 179, 279, 147)]
while len(shapes) < 20:
    m, k, n = rng.randint(40, 256), rng.randint(16, 300), rng.randint(40, 256)
    if max(m, n) <= 64: continue
    b = max(1, round(100e6 / 4 / (m * k + m * n)))
    shapes.append((b, m, k, n))

def pick(shape, dtype, extra=''):
    r = subprocess.run([gen, '--shape', shape, '--dtype', dtype, '--predict'], capture_output=True, text=True, check=True)
    cfg = r.stdout.split()[2]
    return ','.join(t for t in cfg.split(',') if not t.startswith('rows=')) + extra

def valid(shape, cfg):
    return subprocess.run([gen, '--shape', shape, '--bcast', 'B', '--config', cfg, '--predict'],
                          capture_output=True, text=True).returncode == 0

with open('suite.txt', 'w') as s, open('configs.txt', 'w') as c:
    for b, m, k, n in shapes:
        s.write(f'{b} {m} {k} {n} f32 bcastB\n')
        tall, shape, rows = f'1x{b * m}x{k}x{n}', f'{b}x{m}x{k}x{n}', f',rows={b * m}'
        cfgs = [pick(tall, 'f32') + rows,
                'tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=4,rm=4,rn=4,grid=0,mma=1,st=4' + rows,
                pick(tall, 'f64').replace('vec=2', 'vec=4') + rows]
        ok = [x for x in dict.fromkeys(cfgs) if valid(shape, x)]
        bad = [x for x in cfgs if x not in ok]
        if bad: print(shape, 'invalid:', bad, file=sys.stderr)
        c.write(shape + '\t' + '\t'.join(ok) + '\n')
