# Enumerates f32 FMA tiles (8 x 8, 8 x 4, 4 x 8, 4 x 4 a thread, any thread grid of 64-256
# threads, tiles up to 256 a side, K steps of 8, four stages), ranks them by model.py's cost
# with registers estimated, compiles the best 10 to read ptxas's registers, re-ranks.
import math, sys
sys.argv = sys.argv[:1]
from model import cost, parse_cfg
sys.path.insert(0, 'draws')
from common import comp, tiled
def candidates(shape):
    b, M, K, N = map(int, shape.split('x'))
    out = []
    for rm in (4, 8):
        for rn in (4, 8):
            for tx in range(2, 33):
                for ty in range(2, 33):
                    t = tx * ty; bm = ty * rm; bn = tx * rn
                    if t < 64 or t > 256 or bm > 256 or bn > 256: continue
                    if bm >= M + rm * 1 and bm > 8 and math.ceil(M / bm) == 1 and bm - M >= rm: continue  # a whole row of threads outside
                    if bn >= N + rn and math.ceil(N / bn) == 1 and bn - N >= rn: continue
                    c = tiled(t, bm, bn, rm=rm, rn=rn)
                    out.append((cost(shape, parse_cfg(c)), c))
    out.sort()
    return out
def best(shape, n=10, keep=3):
    res = []
    for est, c in candidates(shape)[:n]:
        r = comp(shape, c)
        if not isinstance(r, tuple) or r[1] > 0: continue
        res.append((cost(shape, parse_cfg(c), r[0]), c, r[0]))
    res.sort()
    return res[:keep]
if __name__ == '__main__':
    import sys as s2
    for shape in open(s2.stdin.fileno()).read().split():
        for e, c, r in best(shape):
            print(shape, f"{e:.3f}", r, c)
