# Per tile: time over the padded work (batch x M and N rounded up to the tile x K), in
# ps per padded multiply-add, across the shapes of a force log; then how well
# "argmin padded work x the tile's median cost" picks the best config.
import re, sys, math, collections, statistics as st
rows = collections.OrderedDict()
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 9 or not re.match(r"\d+x\d+x\d+x\d+", f[0]): continue
    m = re.search(r"_b(\d+)x(\d+)x\d+_v\d_r(\d+)x(\d+)", f[-1])
    tile = f"{m.group(1)}x{m.group(2)} {m.group(3)}x{m.group(4)}" + (" o2" if f[-1].endswith("_o2") else "")
    rows.setdefault(f[0], {})[tile] = float(f[2]) * 1e-3
def work(s, t):
    b, m, k, n = map(int, s.split('x')); bm, bn = map(int, t.split()[0].split('x'))
    return b * math.ceil(m / bm) * bm * math.ceil(n / bn) * bn * (math.ceil(k / 8) * 8)
cost = collections.defaultdict(list)
for s, r in rows.items():
    for t, v in r.items(): cost[t].append(v / work(s, t) * 1e12)
med = {t: st.median(v) for t, v in cost.items()}
for t, v in sorted(cost.items(), key=lambda x: med[x[0]]):
    print(f"{t:16s} n={len(v):2d} median {med[t]:.3f} ps  range {min(v):.3f}-{max(v):.3f}")
cands = [t for t in med if 'o2' not in t and (len(sys.argv) < 3 or t in sys.argv[2].split(','))]
print('model pick against the best timed and the first (the pick):')
g = []
for s, r in rows.items():
    p = min((t for t in cands if t in r), key=lambda t: work(s, t) * med[t])
    best = min(r.values()); first = list(r.values())[0]
    g.append(first / r[p])
    print(f"  {s:20s} model {p:12s} {r[p]/best:.2f}x the best, {first/r[p]:.2f}x over the pick")
print(f"geomean over the pick {math.exp(sum(map(math.log, g))/len(g)):.3f}, min {min(g):.2f}")
