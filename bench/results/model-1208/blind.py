#!/usr/bin/env python3
"""Pairs of FMA slab configs of the same problem (model_check.py --dump FILE) grouped by the
config fields in which they differ: how often the model orders them as measured, and for
pairs that differ in one field (or grid with st), which side ran faster and by how much.
Usage: blind.py DUMP [DEVICE]"""
import collections, statistics, sys
dev = sys.argv[2] if len(sys.argv) > 2 else 'H200'
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
kv = lambda c: dict(x.split('=') for x in c.split(',')[1:])
sl = [r for r in rows if r[0] == dev and r[2].startswith('slab') and r[3].startswith('slab') and 'mma=1' not in r[2] + r[3]]
print(f'{dev}: {len(sl)} pairs of FMA slabs, {sum(int(r[8]) for r in sl)} ordered as measured')
groups = collections.defaultdict(list)
for r in sl:
    a, b = kv(r[2]), kv(r[3])
    groups[tuple(sorted(k for k in set(a) | set(b) if a.get(k, '0') != b.get(k, '0')))].append(r)
named = (('cs',), ('grid',), ('minb',), ('tma',), ('cs', 'tma'), ('grid', 'st'))
top = sorted(groups.items(), key=lambda x: -len(x[1]))
for k, v in top[:16] + [x for x in top[16:] if x[0] in named]:
    ok = sum(int(r[8]) for r in v)
    line = f'{ok:5d}/{len(v):5d} {ok / len(v):.2f}  {",".join(k)}'
    if k in named:
        res = []
        for r in v:
            a, b = kv(r[2]), kv(r[3])
            t1, t2, p1, p2 = map(float, r[4:8])
            if int(a.get(k[0], '0')) < int(b.get(k[0], '0')): t1, t2, p1, p2 = t2, t1, p2, p1
            res.append((t2 / t1, p2 / p1))
        line += (f'   higher {k[0]} faster in {sum(x[0] > 1 for x in res)}: measured lower/higher median '
                 f'{statistics.median(x[0] for x in res):.2f}, predicted {statistics.median(x[1] for x in res):.2f}')
    print(line)
