# A map of problems outside the suite, for where Tailor stands beside the peers: M, K, N
# log-uniform over 1-320, f32 or f64, a quarter with a broadcast operand (A or B), batch for
# ~150 MB (floor ~35 us at the H200's copy bandwidth).
#   python3 drawMap.py SEED COUNT > /work/main/.carry/s/map{SEED}.txt
import math, random, sys
seed, count = map(int, sys.argv[1:3]); random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
for _ in range(count):
    m, k, n = lu(1, 320), lu(1, 320), lu(1, 320); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    flag = random.choice(['', '', '', '', '', '', 'bcastA', 'bcastB'])
    per = (0 if flag == 'bcastA' else m * k) + (0 if flag == 'bcastB' else k * n) + m * n
    print(f"{max(1, int(150e6 / (per * es)))} {m} {k} {n} {dt} {flag}".strip())
