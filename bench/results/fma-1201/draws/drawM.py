# The model's tiles (enum.py) against the pick and the best config measured in calls 1-2, on
# the shapes of families G2 and J3 and on fresh ones of both (seed given).
import random, sys, collections
sys.path.insert(0, '.'); sys.path.insert(0, 'draws')
seed = int(sys.argv[1]); n_fresh = int(sys.argv[2]); tag = sys.argv[3]
sys.argv = sys.argv[:1]
from model import load, cost, parse_cfg
from fma_enum import candidates, best
from common import dc, comp, force_lines
data = collections.defaultdict(dict)
for log, force in [('call1/forceG2.log', 'call1/forceG2.txt'), ('call2/forceG3.log', 'call2/forceG3.txt'),
                   ('call2/forceJ3.log', 'call2/forceJ3.txt')]:
    for s, d in load(log, force).items(): data[s].update(d)
shapes = list(data)
random.seed(seed)
fresh = []
while len(fresh) < n_fresh:
    if len(fresh) % 2 == 0:
        m = random.randint(90, 120); nn = random.randint(90, 120); k = random.randint(60, 250)
        if (m * k + k * nn) * 4 <= 100 * 1024: continue
    else:
        big = random.randint(129, 320); other = random.randint(48, 320)
        m, nn = (big, other) if random.random() < 0.5 else (other, big)
        k = random.choice([random.randint(8, 64), random.randint(65, 320)])
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    if not dc(s)[-1].startswith('tiled'): continue
    fresh.append(s)
out = []; disp = []
for s in shapes + fresh:
    pick = dc(s)[-1]
    cs = [pick]
    top_est = candidates(s)[0][1]
    cs.append(top_est)
    cs += [c for e, c, r in best(s, 10, 3)]
    if s in data:
        cs.append(min(data[s].items(), key=lambda x: x[1][0])[0])
    seen = force_lines(s, cs, no_spills=True)
    out += seen
    disp.append(f"{s.replace('x', ' ')} f32")
    print(s, len(seen), flush=True)
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(disp) + "\n")
