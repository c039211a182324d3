#!/usr/bin/env python3
"""For each problem of tailor-bench A/B logs (old build vs new build, one or more rounds),
read the two kernels from their names, ask `tailor-gen --predict --config` for the cost
model's time of each, and print the measured ratio (old time / new time) beside the
model's. Kernels of a regrouped batch (named for another problem) are marked and skipped.
Usage: model.py TAILOR_GEN LOG [LOG ...]"""
import re, statistics, subprocess, sys
from collections import defaultdict

def config(name):
    m = re.search(r'_(slab|tiled)_m(\d+)k\d+n\d+_\w{3}_e\d+(?:_b[AB])?_(.*)$', name)
    fam, rest = m.group(1), m.group(3)
    toks = rest.split('_')
    kv = {'minb': 1, 'grid': 0}
    out = []
    for t in toks:
        if t.startswith('t') and t[1:].isdigit(): kv['t'] = int(t[1:])
        elif t.startswith('T'): kv['mats'] = int(t[1:])
        elif re.fullmatch(r'b\d+x\d+x\d+', t): kv['bm'], kv['bn'], kv['bk'] = map(int, t[1:].split('x'))
        elif re.fullmatch(r'v\d+', t): kv['vec'] = int(t[1:])
        elif re.fullmatch(r'r\d+x\d+', t): kv['rm'], kv['rn'] = map(int, t[1:].split('x'))
        elif t == 'mma': kv['mma'] = 1
        elif re.fullmatch(r's\d+', t): kv['st'] = int(t[1:])
        elif re.fullmatch(r'k\d+', t) and fam == 'slab': kv['ks'] = int(t[1:])
        elif t == 'cs': kv['cs'] = 1
        elif t == 'tma': kv['tma'] = 1
        elif t == 'tmt': kv['tma'] = 2
        elif t == 'ku': kv['ku'] = 1
        elif t == 'k8': kv['k8'] = 1
        elif re.fullmatch(r'g\d+', t): kv['grid'] = int(t[1:])
        elif re.fullmatch(r'o\d+', t): kv['minb'] = int(t[1:])
        else: raise ValueError(f'{name}: token {t}')
    if fam == 'slab':
        keys = ['t', 'minb', 'mats', 'vec', 'rm', 'rn', 'grid', 'ks', 'st', 'cs', 'tma', 'mma']
    else:
        keys = ['t', 'minb', 'bm', 'bn', 'bk', 'vec', 'rm', 'rn', 'grid', 'mma', 'st', 'ku', 'k8']
    return fam + ''.join(f',{k}={kv[k]}' for k in keys if k in kv), int(m.group(2))

def predict(gen, problem, cfg):
    b, m, k, n = problem[0].split('x')
    args = [gen, '--shape', f'{b}x{m}x{k}x{n}', '--dtype', problem[1], '--predict', '--config', cfg]
    if len(problem) > 2: args += ['--bcast', problem[2][-1]]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode: return None
    return float(r.stdout.split()[0])

def main():
    gen, logs = sys.argv[1], sys.argv[2:]
    times = defaultdict(lambda: defaultdict(list))
    kern = {}
    for log in logs:
        side = None
        for line in open(log):
            if line.startswith('=== round'):
                side = line.split()[3].rstrip("0123456789") or line.split()[3]
                continue
            f = line.split()
            if not f or 'x' not in f[0] or f[0] == 'problem': continue
            key = tuple(f[:3]) if f[2].startswith('bcast') else tuple(f[:2])
            times[key][side].append(float(f[len(key)]))
            kern[(key, side)] = f[-1]
    sides = sorted({s for v in times.values() for s in v})
    old, new = ('old', [s for s in sides if s != 'old'][0])
    print(f'{"problem":32} {"meas":>6} {"model":>6}  old -> new')
    for key, v in times.items():
        ko, kn = kern[(key, old)], kern[(key, new)]
        if ko == kn: continue
        meas = statistics.median(v[old]) / statistics.median(v[new])
        m = int(key[0].split('x')[1])
        co, mo = config(ko)
        cn, mn = config(kn)
        if mo != m or mn != m:
            print(f'{" ".join(key):32} {meas:6.3f} {"regrp":>6}  {ko[12:]} -> {kn[12:]}')
            continue
        po, pn = predict(gen, key, co), predict(gen, key, cn)
        mod = po / pn if po and pn else float('nan')
        fo = 'slab' if co.startswith('slab') else ('dmma' if ',mma=1' in co else 'fma')
        print(f'{" ".join(key):32} {meas:6.3f} {mod:6.3f}  {fo:4} {co[6:] if fo != "slab" else co}')

main()
