# Family G2: f32 matrices with both sides of 90-120 past the slab's 100 KB (one tile of the
# sides rounded up to 8, 8 x 8 a thread). Variants: the pick; the pick asking for 16 warps an
# SM (cap 128 registers); CTAs of 64 rows with and without that; K steps of 16; the N side
# rounded up to 128 (16 threads across: B reads in whole quarter-warp phases), whole and
# in CTAs of 64 rows.
import random, sys
from common import *
random.seed(int(sys.argv[1])); N_SHAPES = int(sys.argv[2])
out = []; shapes = []; n = 0
while n < N_SHAPES:
    m = random.randint(90, 120); nn = random.randint(90, 120); k = random.randint(60, 250)
    if (m * k + k * nn) * 4 <= 100 * 1024: continue
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o = dc(s)
    if o[-2] != 'heuristic' or not o[-1].startswith('tiled'): print('skip', s, o[-1][:60]); continue
    n += 1
    M, N = r8(m), r8(nn)
    t64 = 8 * N // 8
    cs = [o[-1], with_minb(o[-1], fill(M * N // 64)), tiled(t64, 64, N), tiled(t64, 64, N, minb=fill(t64)),
          tiled(M * N // 64, M, N, bk=16), tiled(M // 8 * 16, M, 128, minb=fill(M // 8 * 16)),
          tiled(128, 64, 128, minb=fill(128))]
    seen = force_lines(s, cs)
    out += seen
    shapes.append(f"{s.replace('x', ' ')} f32")
    print(n, s, len(seen), o[-1][:70])
open('/work/main/.carry/forceG2.txt', 'w').write("\n".join(out) + "\n")
open('/work/main/.carry/dispG2.txt', 'w').write("\n".join(shapes) + "\n")
