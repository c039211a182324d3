#!/usr/bin/env python3
"""Reads c1.sh's exp.log (forced runs, then torch) with configs.txt: for each shape the speed
of each config over the pick as given (the first), the outputs each config's tiles cover over
the given tile's, and torch's speed over the given pick.
Usage: analyze.py exp.log [configs.txt]"""
import math, re, sys
log = open(sys.argv[1]).read().splitlines()
cfgs = [l.rstrip('\n').split('\t') for l in open(sys.argv[2] if len(sys.argv) > 2 else 'configs.txt')]
times, torch = {}, {}
section = None
for l in log:
    if l.startswith('==='): section = l; continue
    f = l.split()
    if re.match(r'^\d+x\d+x\d+x\d+$', f[0] if f else '') and 'forced' in l:
        times.setdefault(f[0], []).append(float(f[2] if f[2] != 'bcastA' and f[2] != 'bcastB' else f[3]))
    elif len(f) > 5 and f[0].isdigit() and re.match(r'^\d+$', f[1]):
        # peers.py line: batch M K N dtype [flag] ... torch GB/s
        shape = 'x'.join(f[:4])
        nums = [x for x in f[5:] if re.match(r'^[0-9.]+$', x)]
        if nums: torch[shape] = float(nums[0])
def pad(shape, cfg):
    b, m, k, n = map(int, shape.split('x'))
    d = dict(t.split('=') if '=' in t else (t, '') for t in cfg.split(','))
    bm, bn = int(d['bm']), int(d['bn'])
    rows = int(d['rows']) if 'rows' in d else m
    return math.ceil(rows / bm) * bm * math.ceil(n / bn) * bn * (1 if 'rows' in d else b)
def tag(cfg):
    d = dict(t.split('=') if '=' in t else (t, '') for t in cfg.split(','))
    return f"{d['bm']}x{d['bn']}" + ('r' if 'rows' in d else '')
logs = {k: [] for k in range(4)}
for shape, bc, *cs in cfgs:
    t = times.get(shape)
    if not t or len(t) != len(cs): print(shape, bc, 'incomplete', t); continue
    out = []
    for i, c in enumerate(cs):
        out.append(f"{tag(c):>7} {t[0] / t[i]:5.2f}x pad {pad(shape, c) / pad(shape, cs[0]):4.2f}")
    print(f"{shape:18} {bc} {t[0]*1e3:7.1f}us  " + ' | '.join(out[1:]) + f"   [given {tag(cs[0])}]")
