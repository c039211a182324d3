#!/usr/bin/env python3
"""Pairs the st = 3 and st = 4 timings of force.log (c4.sh) by problem: the speed-up of four
stages, with the features a rule could use (K chunks, tiles a matrix, CTAs, % of copy)."""
import math, re, sys
def parse(path):
    d = {}
    for l in open(path):
        m = re.match(r'^(\d+)x(\d+)x(\d+)x(\d+) (f32|f64)\s+([\d.]+)\s+\d+\s+([\d.]+)%.*forced\s+(\S+)', l)
        if not m: continue
        b, M, K, N = map(int, m.group(1, 2, 3, 4))
        kern = m.group(8)
        st = int(re.search(r'_s(\d)', kern).group(1))
        bm, bn, bk = map(int, re.search(r'_b(\d+)x(\d+)x(\d+)', kern).groups())
        d.setdefault((b, M, K, N, m.group(5)), {})[st] = (float(m.group(6)), float(m.group(7)), bm, bn, bk)
    return d
for path in sys.argv[1:]:
    d = parse(path); rs = []
    print(f"# {path}")
    print(f"{'problem':>24} {'tile':>9} chunks tiles/mat  CTAs    st3%  st4%  st4 speed-up")
    for (b, M, K, N, dt), v in sorted(d.items(), key=lambda kv: kv[1][3][0] / kv[1][4][0] if 3 in kv[1] and 4 in kv[1] else 0):
        if 3 not in v or 4 not in v: continue
        t3, p3, bm, bn, bk = v[3]; t4, p4 = v[4][0], v[4][1]
        r = t3 / t4; rs.append(r)
        tiles = math.ceil(M / bm) * math.ceil(N / bn)
        print(f"{b}x{M}x{K}x{N} {dt} {bm}x{bn}x{bk} {math.ceil(K / bk):6d} {tiles:9d} {b * tiles:6d} {p3:6.1f} {p4:6.1f}  {r:.3f}")
    g = math.exp(sum(map(math.log, rs)) / len(rs))
    print(f"geomean st4/st3 speed {g:.3f} over {len(rs)}, {sum(r > 1.02 for r in rs)} faster by 2 % or more, {sum(r < 0.98 for r in rs)} slower")
