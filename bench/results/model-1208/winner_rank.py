#!/usr/bin/env python3
"""Per problem timed with 4 or more configs on DEVICE (model_check.py --dump FILE, configs
that ran 5 % or more apart from another): where the fastest measured config falls in the
model's order, and how much slower the model's first choice among them ran.
Usage: winner_rank.py DUMP [DEVICE]"""
import collections, statistics, sys
dev = sys.argv[2] if len(sys.argv) > 2 else 'H200'
g = collections.defaultdict(dict)
for l in open(sys.argv[1]):
    r = l.rstrip('\n').split('\t')
    g[(r[0], r[1])][r[2]] = (float(r[4]), float(r[6]))
    g[(r[0], r[1])][r[3]] = (float(r[5]), float(r[7]))
ranks, top3, loss = [], 0, []
for k, cfgs in g.items():
    if k[0] != dev or len(cfgs) < 4: continue
    best = min(cfgs, key=lambda c: cfgs[c][0])
    order = sorted(cfgs, key=lambda c: cfgs[c][1])
    ranks.append(order.index(best) / (len(cfgs) - 1))
    top3 += order.index(best) < 3
    loss.append(cfgs[order[0]][0] / cfgs[best][0])
print(f'{dev}: {len(ranks)} problems; the winner at relative rank {statistics.median(ranks):.3f} (median), '
      f'in the predicted first 3 on {top3}; the model\'s first choice ran {statistics.geometric_mean(loss):.3f}x the '
      f'winner\'s time (geomean)')
