# Per shape of a force log: the heuristic's pick (first config) against each DMMA config.
import sys, re, collections
rows = collections.OrderedDict()
for l in open(sys.argv[1]):
    p = l.split()
    if len(p) < 9 or not re.match(r'\d+x', p[0]) or p[-2] != 'forced': continue
    rows.setdefault(p[0], []).append((float(p[2]), float(p[4].rstrip('%')), p[-1].replace('tailor_f32_', '')))
for s, r in rows.items():
    h = r[0]
    best = min(r, key=lambda x: x[0])
    print(f"{s:20s} H {h[1]:5.1f}% {h[2][:48]:48s} | " + "  ".join(f"{x[1]:5.1f}% {h[0]/x[0]:.2f}x {x[2].split('_rrr_e10_')[1][:30]}" for x in r[1:]))
