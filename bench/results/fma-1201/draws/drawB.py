# Balanced tiles for f32 outputs with a side past 128: each side split into the fewest tiles
# of at most 64 (M) and 128 (N) rows, rounded up to 8, against the rule's 64 x 128 (128 x 64).
# Variants: 8 x 8 a thread; 8 x 4 (N side of 4 a thread); the transposed bounds (128 x 64).
import sys, math
from common import dc, comp, r8, tiled, force_lines
tag = sys.argv[1]; files = sys.argv[2:]
def bal(side, most): return r8(math.ceil(side / math.ceil(side / most)))
out = []
for f in files:
    for l in open(f):
        x = l.split()
        if len(x) < 5 or not x[0][0].isdigit(): continue
        b, m, k, n = map(int, x[:4]); s = f"{b}x{m}x{k}x{n}"
        pick = dc(s)[-1]
        bm, bn = bal(m, 64), bal(n, 128)
        cs = [pick, tiled(bm * bn // 64, bm, bn), tiled(bm * bn // 32, bm, bn, rn=4)]
        tm, tn = bal(m, 128), bal(n, 64)
        cs.append(tiled(tm * tn // 64, tm, tn))
        seen = force_lines(s, cs, no_spills=True)
        out += seen
        print(s, len(seen), pick[:60])
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
