# Family Fold: B shared by the batch (bcastB), row-major packed A and C: the batch is one tall
# product of batch*M rows. M, K, N log-uniform over 1-128, f32 or f64, ~150 MB. Each problem
# is written twice to a suite file: as drawn (bcastB) and folded (batch 1, batch*M rows); the
# two move the same fewest bytes, so tailor-bench's % of copy compares them directly. Where M
# is under 16, a third form: g = 32 // M matrices regrouped as one of M*g rows (batch / g).
#   python3 drawFold.py SEED N TAG -> /work/main/.carry/n/foldTAG.txt (suite lines) + picks on stdout
import math, random, subprocess, sys
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
def dc(lines):
    o = subprocess.run(['/tmp/dcNew'], input="\n".join(lines) + "\n", capture_output=True, text=True).stdout
    return o.strip().split("\n")
fixed = [(1000000, 1, 3, 3, 'f32'), (604838, 1, 14, 17, 'f64'), (543478, 3, 15, 8, 'f32')]
probs = list(fixed)
while len(probs) < n_want + len(fixed):
    m, k, n = lu(1, 128), lu(1, 128), lu(1, 128); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    b = max(2, int(150e6 / ((m * k + m * n) * es)))
    probs.append((b, m, k, n, dt))
suite, q = [], []
for b, m, k, n, dt in probs:
    suite += [f"{b} {m} {k} {n} {dt} bcastB", f"1 {b*m} {k} {n} {dt}"]
    q += [f"{b}x{m}x{k}x{n} {dt} bcastB", f"1x{b*m}x{k}x{n} {dt}"]
    g = 32 // m  # regrouped: g matrices as one of M*g rows (B still shared), batch rounded down
    if g > 1:
        suite.append(f"{b // g} {m * g} {k} {n} {dt} bcastB"); q.append(f"{b // g}x{m * g}x{k}x{n} {dt} bcastB")
for l in dc(q): print(l)
open(f'/work/main/.carry/n/fold{tag}.txt', 'w').write("\n".join(suite) + "\n")
