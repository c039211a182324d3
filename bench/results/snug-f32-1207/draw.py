#!/usr/bin/env python3
"""f32 products of sides 40-256 (M or N past 64), K 16-300, about 100 MB each, none, A or B
shared, whose heuristic pick is a DMMA tile of sides rounded up to 8 (f64's snug tile, read
as f32: bm or bn other than 32 and 64, or other than 128 threads). A fresh draw (seed given,
default 1212) of COUNT (default 24) such shapes, and for each the configs to force beside the
pick: the standard DMMA tile of four warps whose sides (32 or 64) pad the least (K steps of 16
and three stages, or 8 and four on 64 x 64), the 64 x 64 tile in K steps of 8 with four
stages, and where B is shared the batch's rows as one tall product on that tile.
Writes suite.txt and configs.txt (shape and flag, then the configs, tab-separated).
Usage: draw.py TAILOR_GEN [SEED] [COUNT]"""
import random, subprocess, sys
gen = sys.argv[1]
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1212)
count = int(sys.argv[3]) if len(sys.argv) > 3 else 24

def run(shape, bc, cfg=None):
    args = [gen, '--shape', shape, '--dtype', 'f32', '--predict'] + (['--bcast', bc] if bc else [])
    if cfg: args += ['--config', cfg]
    r = subprocess.run(args, capture_output=True, text=True)
    return r.stdout.split()[2] if r.returncode == 0 else None

def parse(cfg):
    return dict(t.split('=') if '=' in t else (t, '') for t in cfg.split(','))

def dmma(bm, bn, bk, st):
    return f'tiled,t=128,minb=1,bm={bm},bn={bn},bk={bk},vec=4,rm={bm // 16},rn={bn // 16},grid=0,mma=1,st={st}'

def fit(side):  # the 32- or 64-wide side that pads the least (64 where level)
    return 32 if -(-side // 32) * 32 < -(-side // 64) * 64 else 64

rows = []
while len(rows) < count:
    m, k, n = rng.randint(40, 256), rng.randint(16, 300), rng.randint(40, 256)
    if max(m, n) <= 64: continue
    bc = rng.choice(['', 'A', 'B'])
    b = max(2, round(100e6 / 4 / ((0 if bc == 'A' else m * k) + (0 if bc == 'B' else k * n) + m * n)))
    shape = f'{b}x{m}x{k}x{n}'
    given = run(shape, bc)
    c = parse(given)
    if c.get('mma') != '1' or 'rows' in c: continue
    if c['bm'] in ('32', '64') and c['bn'] in ('32', '64') and c['t'] == '128': continue
    tm, tn = fit(m), fit(n)
    cfgs = [given, dmma(64, 64, 8, 4) if (tm, tn) == (64, 64) else dmma(tm, tn, 16, 3), dmma(64, 64, 8, 4)]
    if bc == 'B': cfgs.append(dmma(64, 64, 8, 4) + f',rows={b * m}')
    ok = [x for x in dict.fromkeys(cfgs) if run(shape, bc, x)]
    rows.append((shape, bc, ok))
with open('suite.txt', 'w') as s, open('configs.txt', 'w') as f:
    for shape, bc, ok in rows:
        s.write(shape.replace('x', ' ') + ' f32' + (f' bcast{bc}' if bc else '') + '\n')
        f.write(f'{shape}\t{bc or "-"}\t' + '\t'.join(ok) + '\n')
