#!/usr/bin/env python3
"""Reads c3.sh's stacks.log (three configs a shape, in configs.txt's order: the tile as given,
the tall product on the 64 x 64 tile, the tall product on the tile as given) and prints each
one's time, the speed of both stacks over the tile as given, and the outputs each covers over
the problem's (padding). Usage: analyze.py stacks.log [configs.txt]"""
import math, re, sys
log = sys.argv[1]
cfgs = sys.argv[2] if len(sys.argv) > 2 else __file__.rsplit('/', 1)[0] + '/configs.txt'
rows, order = {}, []
for l in open(log):
    f = l.split()
    if len(f) < 10 or 'forced' not in l: continue
    rows.setdefault(f[0], []).append(float(f[3]))
    if f[0] not in order: order.append(f[0])
given = {l.split('\t')[0]: l.split('\t')[2] for l in open(cfgs)}
cm = lambda x, t: -(-x // t) * t
def pad(s, bm, bn, stack):
    b, m, k, n = map(int, s.split('x'))
    return (cm(b * m, bm) if stack else b * cm(m, bm)) * cm(n, bn) / (b * m * n)
g1, g2 = [], []
print('%-18s %9s %9s %9s %7s %7s  %s' % ('shape (B shared)', 'given ms', 'stack64', 'stackown', 's64/g', 'own/g',
                                        'pad: given, stack64, stackown  [tile]'))
for s in order:
    t = rows[s]
    if len(t) != 3: print(s, 'incomplete'); continue
    bm, bn = (int(re.search(r'%s=(\d+)' % x, given[s]).group(1)) for x in ('bm', 'bn'))
    r1, r2 = t[0] / t[1], t[0] / t[2]
    g1.append(math.log(r1)); g2.append(math.log(r2))
    print('%-18s %9.4f %9.4f %9.4f %7.2f %7.2f  %.2f %.2f %.2f  [%dx%d]' % (s, *t, r1, r2, pad(s, bm, bn, 0),
          pad(s, 64, 64, 1), pad(s, bm, bn, 1), bm, bn))
print('geomean over the tile as given: stack64 %.3f, stackown %.3f (%d shapes)' %
      (math.exp(sum(g1) / len(g1)), math.exp(sum(g2) / len(g2)), len(g1)))
