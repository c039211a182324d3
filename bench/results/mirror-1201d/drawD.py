# A fresh draw for timing through dispatch: batches of vectors times one shared matrix (A
# shared, N = 1), M log-uniform over 4-400, K over 1-400, f32 or f64, 15-150 MB
# (log-uniform; or LO-HI MB given as a third argument). Prints suite lines
# "BATCH M K N dtype bcastA".   python3 drawD.py SEED COUNT [LO HI]
import math, random, sys
seed, count = map(int, sys.argv[1:3]); random.seed(seed)
lo, hi = (float(sys.argv[3]) * 1e6, float(sys.argv[4]) * 1e6) if len(sys.argv) > 4 else (15e6, 150e6)
lu = lambda lo, hi: math.exp(random.uniform(math.log(lo), math.log(hi)))
for _ in range(count):
    m, k = int(round(lu(4, 400))), int(round(lu(1, 400))); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    b = max(2, int(lu(lo, hi) / ((k + m) * es)))
    print(b, m, k, 1, dt, "bcastA")
