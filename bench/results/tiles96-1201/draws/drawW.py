# Prepared for the next GPU call (not run): f32 outputs with N of 129-400 and M of 48-400 where
# the padded-work rule of d620feb picks a tile 64 wide in N (128 x 64 or 96 x 64), which lost
# on wide N in the validation draws (970x218x14x320 0.90x, 401x160x286x316 0.93x). Forced: the
# pick, and 64 x 128, 64 x 96, 48 x 128, 48 x 96, all in four stages.
import random, sys
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "..", "..", "fma-1201", "draws"))
from common import *
random.seed(int(sys.argv[1])); N_SHAPES = int(sys.argv[2]); tag = sys.argv[3]
out = []; shapes = []; tries = 0
while len(shapes) < N_SHAPES:
    tries += 1
    m = random.randint(48, 400); nn = random.randint(129, 400)
    k = random.choice([random.randint(1, 64), random.randint(65, 400)])
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o = dc(s)
    if o[-2] != 'heuristic' or ',bn=64,' not in o[-1]: continue
    cs = [o[-1], tiled(128, 64, 128), tiled(128, 64, 96, rn=6), tiled(128, 48, 128, rm=6), tiled(128, 48, 96, rm=6, rn=6)]
    out += force_lines(s, cs)
    shapes.append(f"{s.replace('x', ' ')} f32")
    print(len(shapes), s, o[-1][:75], flush=True)
print('tries', tries)
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(shapes) + "\n")
