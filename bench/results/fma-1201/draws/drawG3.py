# Family G, second look (the shapes of drawG2.py's force file): tiles 64 columns wide (8
# threads across: a quarter warp's B reads in distinct banks) over the M side rounded up to 8
# or to 128, against the pick.
import sys
from common import *
src, tag = sys.argv[1], sys.argv[2]
out = []; done = set()
for l in open(src):
    s = l.split()[0]
    if s in done: continue
    done.add(s)
    b, m, k, nn = map(int, s.split('x'))
    M = r8(m)
    cs = [l.split()[2], tiled(M, M, 64), tiled(128, 128, 64), tiled(M, M, 64, minb=2)]
    seen = force_lines(s, cs)
    out += seen
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
