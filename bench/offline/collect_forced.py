#!/usr/bin/env python3
"""Pairs each timed line of .carry/forcerun.sh logs with the config that produced it.

forcerun.sh times a problem's configs in the order of its force file, one tailor-bench
process a problem and round; this walks each log with its force file and prints
"shape dtype config median_us" (median over the rounds). The pairs are the calls of
2026-11-30 whose logs are in bench/results/ (edit PAIRS for others).
"""
import collections
R = 'bench/results/'
PAIRS = [(R + 'unaligned-tma/force46.log', R + 'unaligned-tma/force46.txt'),
         (R + 'unaligned-tma/force47.log', R + 'unaligned-tma/force47.txt'),
         (R + 'f32-large/force49.log', R + 'f32-large/force49.txt'),
         (R + 'f32-large/force50.log', R + 'f32-large/force50.txt'),
         (R + 'f32-large/force51.log', R + 'f32-large/force51.txt')]
out = {}
for log, cf in PAIRS:
    cfgs = collections.OrderedDict()
    for l in open(cf):
        if l.startswith('#') or not l.strip(): continue
        s, d, c = l.split()
        cfgs.setdefault((s, d), []).append(c)
    seen = collections.Counter()
    for l in open(log):
        if l.startswith('===') or l.startswith('problem') or l.startswith('tailor-bench'): continue
        t = l.split()
        if len(t) < 3: continue
        key = (t[0], t[1]); i = seen[key] % len(cfgs[key]); seen[key] += 1
        if 'FAILED' in l: continue
        out.setdefault((t[0], t[1], cfgs[key][i]), []).append(float(t[2]))
for (s, d, c), v in out.items():
    print(s, d, c, sorted(v)[len(v)//2] * 1e3)
