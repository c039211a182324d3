# Forced tiles for the transpose's one product (tr = 1, rows = batch) of f32 batches of
# vectors times one shared A (N = 1), M of 24-320 (odd and even), K of 2-64, ~60-150 MB:
# the matrices as given, the heuristic's pick, and four fixed FMA tiles. Lines for force.sh.
#   python3 drawOdd.py SEED COUNT > force.txt   (needs /tmp/regroup_options)
import math, random, subprocess, sys
seed, count = map(int, sys.argv[1:3]); random.seed(seed)
lu = lambda lo, hi: math.exp(random.uniform(math.log(lo), math.log(hi)))
tiles = ["tiled,t=128,minb=1,bm=64,bn=128,bk=8,vec=4,rm=8,rn=8,grid=0,st=4",
         "tiled,t=128,minb=1,bm=64,bn=96,bk=8,vec=4,rm=8,rn=6,grid=0,st=4",
         "tiled,t=256,minb=1,bm=128,bn=32,bk=8,vec=4,rm=8,rn=2,grid=0",
         "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=4,rm=8,rn=4,grid=0,st=4"]
for i in range(count):
    m = int(round(lu(24, 320))); m += (m % 2 == 0) if i % 3 else (m % 2)  # two of three odd
    k = int(round(lu(2, 64)))
    b = int(lu(60e6, 150e6) / ((k + m) * 4))
    line = f"{b}x{m}x{k}x1 f32 bcastA"
    out = subprocess.run(['/tmp/regroup_options'], input=line + "\n", capture_output=True, text=True).stdout.splitlines()
    given = [l.split()[-1] for l in out if ' as-given ' in l]
    pick = [l.split()[-1] for l in out if ' heuristic ' in l]
    seen = []
    for c in given + pick + [f"{t},rows={b},tr=1" for t in tiles]:
        if c not in seen: seen.append(c)
    for c in seen: print(f"{line} {c}")
