#!/usr/bin/env python3
"""Reads c1.sh's exp.log (forced runs, then torch) with configs.txt: for each shape the speed
of each config over the pick as given (the first), the outputs each config's tiles cover over
the given tile's, and the given pick's speed over torch's (torch's time over its time).
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
    elif 'torch=' in l:  # peers.py: batch M K N dtype [flag] torch=T ms/GB/s
        torch['x'.join(f[:4])] = float(re.search(r'torch=([0-9.]+)ms', l).group(1))
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
    tv = f"  torch {torch[shape] / t[0]:4.2f}x" if shape in torch else ''
    print(f"{shape:18} {bc} {t[0]*1e3:7.1f}us  " + ' | '.join(out[1:]) + f"   [given {tag(cs[0])}]{tv}")
