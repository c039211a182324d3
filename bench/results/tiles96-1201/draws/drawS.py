# Family S: outputs with a side of 129-400 and the other of 17-128, K 1-64, C at most 100 KB
# (memory-bound: tiles re-read A and B through L2 for a few outputs each). Variants: the
# dispatch pick of d620feb (/tmp/dcN); the bulk-copied slab the heuristic picks once
# slab_output admits these outputs (/tmp/dcX); the same slab with C not staged (cs = 0).
import random, sys, subprocess, math
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "..", "..", "fma-1201", "draws"))
from common import comp
random.seed(int(sys.argv[1])); N_SHAPES = int(sys.argv[2]); tag = sys.argv[3]
def dcb(binary, s, dt):
    return subprocess.run([binary], input=f"{s} {dt}\n", capture_output=True, text=True).stdout.split()
out = []; shapes = []; tries = 0
while len(shapes) < N_SHAPES:
    tries += 1
    dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    big = random.randint(129, 400); other = int(round(math.exp(random.uniform(math.log(17), math.log(128)))))
    m, n = (big, other) if random.random() < 0.5 else (other, big)
    k = int(round(math.exp(random.uniform(0, math.log(64)))))
    if m * n * es > 100 * 1024: continue
    b = max(1, int(300e6 / ((m * k + k * n + m * n) * es)))
    s = f"{b}x{m}x{k}x{n}"
    o, x = dcb('/tmp/dcN', s, dt), dcb('/tmp/dcX', s, dt)
    if o[-1] == x[-1]: continue
    cs = [o[-1], x[-1], x[-1].replace(',cs=1', '')]
    lines = []
    for c in dict.fromkeys(cs):
        r = comp(s, c, dt)
        if not isinstance(r, tuple): print('  bad', s, c, r); continue
        lines.append(f"{s} {dt} {c}  # regs {r[0]} spill {r[1]}")
    out += lines; shapes.append(f"{s.replace('x', ' ')} {dt}")
    print(len(shapes), s, dt, o[-2], o[-1][:60], '->', x[-1][:70], [l.split('#')[1] for l in lines], flush=True)
print('tries', tries)
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(shapes) + "\n")
