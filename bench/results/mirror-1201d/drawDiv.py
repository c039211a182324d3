# Batches of vectors times one shared A (N = 1) whose pick (dispatch_check) is the
# transpose's stack divided into matrices of fewer rows than the whole on tiles; force file:
# the matrices as given, the pick, and the whole stack as one product (regroup_options).
# M of 4-400, K of 3-400, f32 or f64, 15-150 MB.
#   python3 drawDiv.py SEED COUNT CHECK [SHAPES] > force.txt   (needs /tmp/regroup_options)
import math, random, subprocess, sys
seed, count = map(int, sys.argv[1:3]); check = sys.argv[3]; random.seed(seed)
lu = lambda lo, hi: math.exp(random.uniform(math.log(lo), math.log(hi)))
extra = [l.strip() for l in open(sys.argv[4])] if len(sys.argv) > 4 else []
n = 0; tries = 0; total = count + len(extra)
while n < total and tries < 3000:
    tries += 1
    if extra: line = extra.pop(0)
    else:
        m, k = int(round(lu(4, 400))), int(round(lu(3, 400))); dt = random.choice(['f32', 'f64'])
        es = 4 if dt == 'f32' else 8
        line = f"{max(2, int(lu(15e6, 150e6) / ((k + m) * es)))}x{m}x{k}x1 {dt} bcastA"
    b = int(line.split('x')[0])
    pick = subprocess.run([check], input=line + "\n", capture_output=True, text=True).stdout.split()[-1]
    if 'tiled' not in pick or 'tr=1' not in pick or f'rows={b},' in pick + ',': continue
    out = subprocess.run(['/tmp/regroup_options'], input=line + "\n", capture_output=True, text=True).stdout.splitlines()
    given = [l.split()[-1] for l in out if ' as-given ' in l][0]
    whole = [l.split()[-1] for l in out if ' option ' in l and l.endswith(f'rows={b},tr=1')]
    if not whole: continue
    for x in (given, pick, whole[0]): print(f"{line} {x}")
    n += 1
