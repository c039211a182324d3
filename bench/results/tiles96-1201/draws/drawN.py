# Prepared for the next GPU call (not run): f32 outputs with a side of 129-400 and the other
# of 48-400 that dispatch still gives the 128^3 record's 32 x 128 tile as a neighbour (its
# padding within 0.9 of its own; /tmp/dcC the dispatch_check of e5ebb3e), beside the heuristic's pick (gen::heuristic through
# tailor-gen's default config). In call 1 the neighbour ran 1.00-1.08x slower than 64 x 128 on
# the three shapes it served (1630x149x30x232, 598x249x256x122, 725x198x246x123).
import random, sys, subprocess
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "..", "..", "fma-1201", "draws"))
from common import *
random.seed(int(sys.argv[1])); N_SHAPES = int(sys.argv[2]); tag = sys.argv[3]
def heur(s):
    o = subprocess.run(['/work/main/build/tailor-gen', '--shape', s, '--dtype', 'f32', '--candidates', '1'],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL).stdout
    return next(l.split()[-1] for l in o.splitlines() if 'tiled,' in l or 'slab,' in l)
out = []; shapes = []; tries = 0
while len(shapes) < N_SHAPES:
    tries += 1
    big = random.randint(129, 400); other = random.randint(48, 400)
    m, nn = (big, other) if random.random() < 0.5 else (other, big)
    k = random.choice([random.randint(1, 64), random.randint(65, 400)])
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o = dc(s)
    if o[-2] != 'neighbour': continue
    out += force_lines(s, [o[-1], heur(s)])
    shapes.append(f"{s.replace('x', ' ')} f32")
    print(len(shapes), s, o[-1][:70], flush=True)
print('tries', tries)
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(shapes) + "\n")
