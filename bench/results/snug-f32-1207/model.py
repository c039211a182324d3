#!/usr/bin/env python3
"""The cost model's time (tailor-gen --predict) for each config of configs.txt.
Usage: model.py TAILOR_GEN [configs.txt]"""
import subprocess, sys
gen = sys.argv[1]
for line in open(sys.argv[2] if len(sys.argv) > 2 else 'configs.txt'):
    shape, bc, *cfgs = line.rstrip('\n').split('\t')
    out = []
    for c in cfgs:
        a = [gen, '--shape', shape, '--dtype', 'f32', '--config', c, '--predict'] + (['--bcast', bc] if bc != '-' else [])
        r = subprocess.run(a, capture_output=True, text=True)
        d = dict(t.split('=') if '=' in t else (t, '') for t in c.split(','))
        tag = f"{d['bm']}x{d['bn']}x{d['bk']}" + ('+rows' if 'rows' in d else '')
        out.append(f"{tag} {float(r.stdout.split()[0]):7.1f}")
    print(f"{shape:18} {bc}  " + '  '.join(out))
