# Prepared for the next GPU call: batches of vectors times one shared matrix (A shared, N = 1:
# row-major is the same memory as column-major, so the batch's columns stack), M log-uniform
# over 8-320, K over 1-320, f32 or f64, ~150 MB. Force file: the heuristic's pick (the
# matrices as given) and the model's four best divisions of the column stack (one product
# among them where it ranks), from bench/offline/regroup_options.cpp built as
# /tmp/regroup_options at the commit to time.
#   python3 drawMirror.py SEED COUNT > forceMirror.txt   (then: bash force.sh forceMirror.txt)
import math, random, subprocess, sys
seed, count = map(int, sys.argv[1:3]); random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
for _ in range(count):
    m, k = lu(8, 320), lu(1, 320); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    b = max(2, int(150e6 / ((k + m) * es)))
    line = f"{b}x{m}x{k}x1 {dt} bcastA"
    out = subprocess.run(['/tmp/regroup_options'], input=line + "\n", capture_output=True, text=True).stdout.splitlines()
    pick = [l.split()[-1] for l in out if ' heuristic ' in l]
    opts = [l.split()[-1] for l in out if ' option ' in l][:4]
    for c in pick + opts: print(f"{b}x{m}x{k}x1 {dt} bcastA {c}")
