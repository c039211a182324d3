# Family J: f32 matrices with both sides of 129-320 (the 128 x 128 register-fed tile of
# heuristic_tiled or the 128^3 record's 32 x 128 tile as a neighbour). Variants: the pick;
# 128 x 128 fed by four cp.async stages, with and without two CTAs an SM; 64 x 128 and
# 128 x 64 in four stages, with and without 16 warps an SM; the 32 x 128 record tile.
import random, sys
from common import *
random.seed(int(sys.argv[1])); N_SHAPES = int(sys.argv[2])
out = []; shapes = []; n = 0
while n < N_SHAPES:
    m = random.randint(129, 320); nn = random.randint(129, 320); k = random.choice([random.randint(8, 64), random.randint(65, 320)])
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o = dc(s)
    if not o[-1].startswith('tiled'): print('skip', s, o[-1][:60]); continue
    n += 1
    cs = [o[-1], tiled(256, 128, 128), tiled(256, 128, 128, minb=2), tiled(128, 64, 128), tiled(128, 64, 128, minb=4),
          tiled(128, 128, 64, minb=4), tiled(64, 32, 128, minb=2)]
    seen = force_lines(s, cs)
    out += seen
    shapes.append(f"{s.replace('x', ' ')} f32")
    print(n, s, len(seen), o[-2], o[-1][:70])
open('/work/main/.carry/forceJ.txt', 'w').write("\n".join(out) + "\n")
open('/work/main/.carry/dispJ.txt', 'w').write("\n".join(shapes) + "\n")
