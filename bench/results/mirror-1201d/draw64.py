# f32 batches of vectors times one shared A (N = 1), M of 33-64, K of 3-40, 30-150 MB, kept
# where two dispatch_check builds differ (the first: before the 64 x 64 rule). Force file:
# the matrices as given, the first build's pick, the second's.
#   python3 draw64.py SEED COUNT OLD_CHECK NEW_CHECK > force.txt
import math, random, subprocess, sys
seed, count = map(int, sys.argv[1:3]); old, new = sys.argv[3:5]; random.seed(seed)
lu = lambda lo, hi: math.exp(random.uniform(math.log(lo), math.log(hi)))
run = lambda exe, line: subprocess.run([exe], input=line + "\n", capture_output=True, text=True).stdout.split()[-1]
n = 0
while n < count:
    m, k = int(round(lu(33, 64))), int(round(lu(3, 40)))
    b = int(lu(30e6, 150e6) / ((k + m) * 4))
    line = f"{b}x{m}x{k}x1 f32 bcastA"
    a, c = run(old, line), run(new, line)
    if a == c: continue
    given = subprocess.run(['/tmp/regroup_options'], input=line + "\n", capture_output=True, text=True).stdout
    given = [l.split()[-1] for l in given.splitlines() if ' as-given ' in l][0]
    for x in (given, a, c): print(f"{line} {x}")
    n += 1
