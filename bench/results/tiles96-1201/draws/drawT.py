# Family T: f32 outputs with a side of 129-320 and the other of 48-320 (the rule of 909a424:
# 64 x 128, or 128 x 64 where N is under 128). Variants: the pick, and tiles whose sides are
# multiples of 96 or 48 with micro-tiles of 6 (micro_tiles_any_side.diff): 64 x 96 (8 x 6),
# 48 x 96 (6 x 6), 48 x 128 (6 x 8), 96 x 96 (6 x 6, 256 threads), 96 x 64 (6 x 8),
# 128 x 96 (8 x 6, 256 threads), all in four cp.async stages.
import random, sys
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "..", "..", "fma-1201", "draws"))
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
    cs = [o[-1], tiled(128, 64, 128), tiled(128, 128, 64), tiled(128, 64, 96, rn=6), tiled(128, 48, 96, rm=6, rn=6), tiled(128, 48, 128, rm=6),
          tiled(256, 96, 96, rm=6, rn=6), tiled(128, 96, 64, rm=6), tiled(256, 128, 96, rn=6)]
    seen = force_lines(s, cs)
    out += seen
    shapes.append(f"{s.replace('x', ' ')} f32")
    print(n, s, len(seen), o[-2], o[-1][:70], flush=True)
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(shapes) + "\n")
