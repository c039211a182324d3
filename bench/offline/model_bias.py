#!/usr/bin/env python3
"""The cost model against measured times: reads model_check's output ("shape dtype config
measured_us predicted_us" lines) and prints, by family and dtype, the median and the
10th/90th percentiles of predicted / measured, and how often the model orders two
configs of one problem as they measured (pairs more than 5 % apart)."""
import collections
import math
import sys

rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
groups = collections.defaultdict(list)
for shape, dtype, config, measured, predicted in rows:
    family = config.split(',')[0]
    if family == 'slab' and ',mats=1,' in config:
        family = 'slab, one matrix'
    elif 'mma=1' in config:
        family += ', DMMA'
    groups[(family, dtype)].append(math.log(float(predicted) / float(measured)))
print('family            dtype  kernels  predicted/measured: median  p10   p90')
for (family, dtype), v in sorted(groups.items()):
    v.sort()
    q = lambda f: math.exp(v[min(len(v) - 1, int(len(v) * f))])
    print(f'{family:17s} {dtype:5s} {len(v):8d}  {q(0.5):26.2f}  {q(0.1):.2f}  {q(0.9):.2f}')
by_problem = collections.defaultdict(list)
for shape, dtype, config, measured, predicted in rows:
    by_problem[(shape, dtype)].append((float(measured), float(predicted)))
right = total = 0
for v in by_problem.values():
    for i in range(len(v)):
        for j in range(i + 1, len(v)):
            if abs(math.log(v[i][0] / v[j][0])) < 0.05:
                continue
            total += 1
            right += (v[i][0] < v[j][0]) == (v[i][1] < v[j][1])
print(f'pairs of one problem ordered as measured: {right} of {total}')
