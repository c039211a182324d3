#!/usr/bin/env python3
"""The cost model (tailor-gen --predict) against every timing kept under bench/results.

Reads each log or text file there for tailor-bench result lines (problem, dtype, [flag], time in
ms, ..., kernel name), recovers each kernel's config from its name, and asks TAILOR_GEN for
the model's time of that config on that problem. The device of a file is read from the files
beside it (H100, H200, or ? where none says). Prints, per device and kind of kernel (FMA tile,
DMMA tile, slab; f32 or f64):
  bias   the median of predicted over measured time, with its quartiles;
  order  over pairs of configs timed on the same problem in the same file that differ by 5 %
         or more: how often the model orders the pair as measured, as is and with each
         --scale (the model's time of a kind multiplied by a factor).
Regrouped kernels (named for another problem) are skipped. Kernels of older builds are read as
the config they name: the model is asked about today's generator.

Usage: bench/model_check.py TAILOR_GEN [--results DIR] [--scale "fma f32=1.61,dmma f32=0.75" ...] [--predictor BIN] [--dump FILE]
"""
import argparse, glob, itertools, math, os, re, statistics, subprocess, sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'results', 'odd-f32-1207'))
_src = open(os.path.join(sys.path[0], 'model.py')).read().replace('\nmain()\n', '\n')
_ns = {}
exec(compile(_src, 'model.py', 'exec'), _ns)
config_of = _ns['config']


def kind(cfg, dtype):
    k = 'slab' if cfg.startswith('slab') else ('dmma' if ',mma=1' in cfg else 'fma')
    return f'{k} {dtype}'


def device_of(path):
    text = ''
    for g in sorted(glob.glob(os.path.join(os.path.dirname(path) or '.', '*'))):
        try:
            with open(g, errors='ignore') as f:
                text += f.read(4000)
        except (IsADirectoryError, OSError):
            pass
    return 'H100' if 'H100' in text else ('H200' if 'H200' in text else '?')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('gen', help='tailor-gen binary')
    ap.add_argument('--results', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), 'results'))
    ap.add_argument('--scale', action='append', default=[], help='"KIND=FACTOR,..." (KIND as printed, e.g. "fma f32")')
    ap.add_argument('--predictor', help='a build of bench/offline/predict.cpp: every prediction in one process '
                    '(the same model as TAILOR_GEN --predict, about 50 times faster)')
    ap.add_argument('--dump', help='write every ordered pair (device, problem, the two configs, measured and predicted times, '
                    'ordered as measured or not) to this file, tab-separated')
    args = ap.parse_args()
    scales = {'as is': {}}
    for s in args.scale:
        scales[s] = {k.strip(): float(v) for k, v in (x.split('=') for x in s.split(','))}
    cache = {}

    def predict(key, cfg):
        if (key, cfg) not in cache:
            b, m, k, n = key[0].split('x')
            a = [args.gen, '--shape', key[0], '--dtype', key[1], '--predict', '--config', cfg]
            if len(key) > 2: a += ['--bcast', key[2][-1]]
            r = subprocess.run(a, capture_output=True, text=True)
            cache[(key, cfg)] = float(r.stdout.split()[0]) if r.returncode == 0 else None
        return cache[(key, cfg)]

    dump = open(args.dump, 'w') if args.dump else None
    bias = defaultdict(list)
    order = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    files = sorted(glob.glob(os.path.join(args.results, '**', '*.log'), recursive=True) +
                   glob.glob(os.path.join(args.results, '**', '*.txt'), recursive=True))
    timed = []  # (device, {problem key: {config: [seconds]}}) a file
    for path in files:
        probs = defaultdict(lambda: defaultdict(list))
        with open(path, errors='ignore') as f:
            for line in f:
                p = line.split()
                if len(p) < 8 or not re.match(r'^\d+x\d+x\d+x\d+$', p[0]) or p[1] not in ('f32', 'f64'):
                    continue
                if not p[-1].startswith('tailor_'): continue
                key = tuple(p[:3]) if p[2].startswith('bcast') else tuple(p[:2])
                try:
                    t = float(p[len(key)])
                    cfg, m = config_of(p[-1])
                except (ValueError, AttributeError):
                    continue
                if m != int(key[0].split('x')[1]): continue
                probs[key][cfg].append(t * 1e-3)
        if probs: timed.append((device_of(path), probs))
    if args.predictor:
        todo = sorted({(key, c) for _, probs in timed for key, cfgs in probs.items() for c in cfgs})
        lines = ''.join(f'{k[0]} {k[1]} {k[2] if len(k) > 2 else "-"} {c}\n' for k, c in todo)
        out = subprocess.run([args.predictor], input=lines, capture_output=True, text=True, check=True).stdout.splitlines()
        if len(out) != len(todo): sys.exit(f'{args.predictor}: {len(out)} lines for {len(todo)} configs')
        for (key, c), o in zip(todo, out):
            v = o.split()[3]
            cache[(key, c)] = None if v == 'invalid' else float(v)
    for dev, probs in timed:
        for key, cfgs in probs.items():
            meas = {c: statistics.median(ts) for c, ts in cfgs.items()}
            for c, t in meas.items():
                pr = predict(key, c)
                if pr: bias[(dev, kind(c, key[1]))].append(pr * 1e-6 / t)
            for (c1, t1), (c2, t2) in itertools.combinations(meas.items(), 2):
                if abs(math.log(t1 / t2)) < math.log(1.05): continue
                p1, p2 = predict(key, c1), predict(key, c2)
                if not p1 or not p2: continue
                k1, k2 = kind(c1, key[1]), kind(c2, key[1])
                pair = ' vs '.join(sorted([k1, k2]))
                if dump:
                    print(dev, ' '.join(key), c1, c2, f'{t1:.6g}', f'{t2:.6g}', f'{p1 * 1e-6:.6g}', f'{p2 * 1e-6:.6g}',
                          int((p1 < p2) == (t1 < t2)), sep='\t', file=dump)
                for name, sc in scales.items():
                    ok = (p1 * sc.get(k1, 1) < p2 * sc.get(k2, 1)) == (t1 < t2)
                    order[(dev, pair)][name][0] += ok
                    order[(dev, pair)][name][1] += 1
    if dump: dump.close()
    print('bias: predicted / measured time, median [quartiles], kernels')
    for k in sorted(bias):
        r = bias[k]
        q = statistics.quantiles(r, n=4) if len(r) > 3 else sorted(r)
        print(f'  {k[0]:4} {k[1]:9} {statistics.median(r):5.2f} [{", ".join(f"{x:.2f}" for x in q)}]  {len(r)}')
    print('order: pairs of the same problem the model orders as measured')
    for k in sorted(order):
        cells = '   '.join(f'{n}: {a}/{b} {a / b:.2f}' for n, (a, b) in order[k].items())
        print(f'  {k[0]:4} {k[1]:21} {cells}')


if __name__ == '__main__':
    main()
