# A fresh draw of the column-group family for the A/B through dispatch (suite format):
# A shared, B and C row-major, M log-uniform over 8-320, K over 1-320, N over 2-16, ~150 MB.
#   python3 drawDisp.py SEED COUNT > dispN.txt
import math, random, sys
seed, count = map(int, sys.argv[1:3]); random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
for _ in range(count):
    m, k, n = lu(8, 320), lu(1, 320), lu(2, 16); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    b = max(2, int(150e6 / ((k + m) * n * es)))
    print(f"{b} {m} {k} {n} {dt} bcastA")
