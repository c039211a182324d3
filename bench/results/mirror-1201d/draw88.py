# f32 batches of vectors times one shared A (N = 1) whose heuristic pick is the transpose's
# one product on 8 x 8 FMA micro-tiles (64 x 128 or 128 x 64): M of 33-260, K of 3-40,
# 60-150 MB. Force file: the matrices as given, the pick, and three other tiles of the
# same one product.   python3 draw88.py SEED COUNT > force.txt   (needs /tmp/regroup_options)
import math, random, subprocess, sys
seed, count = map(int, sys.argv[1:3]); random.seed(seed)
lu = lambda lo, hi: math.exp(random.uniform(math.log(lo), math.log(hi)))
tiles = ["tiled,t=128,minb=1,bm=64,bn=96,bk=8,vec=4,rm=8,rn=6,grid=0,st=4",
         "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=4,rm=8,rn=4,grid=0,st=4",
         "tiled,t=128,minb=1,bm=64,bn=48,bk=8,vec=4,rm=4,rn=6,grid=0"]
n = 0
while n < count:
    m, k = int(round(lu(33, 260))), int(round(lu(3, 40)))
    b = int(lu(60e6, 150e6) / ((k + m) * 4))
    line = f"{b}x{m}x{k}x1 f32 bcastA"
    out = subprocess.run(['/tmp/regroup_options'], input=line + "\n", capture_output=True, text=True).stdout.splitlines()
    pick = [l.split()[-1] for l in out if ' heuristic ' in l][0]
    if 'rm=8,rn=8' not in pick or 'tr=1' not in pick: continue
    given = [l.split()[-1] for l in out if ' as-given ' in l]
    seen = []
    for c in given + [pick] + [f"{t},rows={b},tr=1" for t in tiles]:
        if c not in seen: seen.append(c)
    for c in seen: print(f"{line} {c}")
    n += 1
