# A kept k-contiguous (a_kcontig_counted.diff): f32 problems with K a multiple of 4 whose
# dispatch decision is an FMA tile, drawn over sides 24-320, as a suite file for the old and
# new builds through dispatch (bench/gpu_run.sh ab) and the peers.
import random, sys
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "..", "..", "fma-1201", "draws"))
from common import *
random.seed(int(sys.argv[1])); N_SHAPES = int(sys.argv[2]); tag = sys.argv[3]
shapes = []; tries = 0
while len(shapes) < N_SHAPES:
    tries += 1
    m = random.randint(24, 320); nn = random.randint(24, 320); k = 4 * random.randint(2, 80)
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o = dc(s)
    if not o[-1].startswith('tiled') or 'mma=1' in o[-1]: continue
    shapes.append(f"{s.replace('x', ' ')} f32")
    print(s, o[-2], o[-1][:80], comp(s, o[-1]), flush=True)
print('tries', tries)
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(shapes) + "\n")
