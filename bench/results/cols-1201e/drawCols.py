# Batches of narrow products against one shared A (A shared, B and C row-major, N of 2-16),
# M log-uniform over 8-320, K over 1-320, f32 or f64, ~150 MB; or SHAPES from a file
# ("BxMxKxN dtype bcastA" lines). Force file: the heuristic's pick, then the cost model's
# three best column groupings (cols) from bench/offline/regroup_options.cpp built as
# /tmp/regroup_options at the commit to time.
#   python3 drawCols.py SEED COUNT > force.txt   |   python3 drawCols.py --file SHAPES > force.txt
import math, random, subprocess, sys
if sys.argv[1] == '--file':
    lines = [l.strip() for l in open(sys.argv[2]) if l.strip() and not l.startswith('#')]
else:
    seed, count = map(int, sys.argv[1:3]); random.seed(seed)
    lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
    lines = []
    for _ in range(count):
        m, k, n = lu(8, 320), lu(1, 320), lu(2, 16); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
        b = max(2, int(150e6 / ((k + m) * n * es)))
        lines.append(f"{b}x{m}x{k}x{n} {dt} bcastA")
for line in lines:
    out = subprocess.run(['/tmp/regroup_options'], input=line + "\n", capture_output=True, text=True).stdout.splitlines()
    pick = [l.split()[-1] for l in out if ' heuristic ' in l]
    opts = [l.split()[-1] for l in out if ' option ' in l and ',cols=' in l][:3]
    seen = []
    for c in pick + opts:
        if c not in seen: seen.append(c)
    for c in seen: print(f"{line} {c}")
