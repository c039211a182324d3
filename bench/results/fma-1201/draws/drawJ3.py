# Family J3: f32 outputs with a side of 129-320 and the other of 48-320 (the register-fed
# tiles of heuristic_tiled, or the 128^3 record's 32 x 128 tile as a neighbour). Variants: the
# pick; 64 x 128 and 128 x 64 (8 x 8 a thread, 128 threads) in four cp.async stages; 64 x 128
# on a persistent grid of 2 CTAs an SM; 64 x 128 in three stages; 64 x 64 (64 threads); the
# 32 x 128 record tile.
import random, sys
from common import *
random.seed(int(sys.argv[1])); N_SHAPES = int(sys.argv[2]); tag = sys.argv[3]
out = []; shapes = []; n = 0
while n < N_SHAPES:
    big = random.randint(129, 320); other = random.randint(48, 320)
    m, nn = (big, other) if random.random() < 0.5 else (other, big)
    k = random.choice([random.randint(8, 64), random.randint(65, 320)])
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o = dc(s)
    if not o[-1].startswith('tiled'): print('skip', s, o[-1][:60]); continue
    n += 1
    cs = [o[-1], tiled(128, 64, 128), tiled(128, 128, 64), tiled(128, 64, 128, grid=2), tiled(128, 64, 128, st=3),
          tiled(64, 64, 64, minb=2), tiled(64, 32, 128, minb=2)]
    seen = force_lines(s, cs)
    out += seen
    shapes.append(f"{s.replace('x', ' ')} f32")
    print(n, s, len(seen), o[-2], o[-1][:70])
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(shapes) + "\n")
