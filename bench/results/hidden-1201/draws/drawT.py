# Tuning study of small and mid-size problems (no broadcast): M, N log-uniform over 1-96, K over
# 1-128, f32 or f64, batches of about MB megabytes; each is tuned (tailor-tune, a budget per
# problem) so that the winners can be set beside the heuristic's picks.
#   python3 drawT.py SEED N TAG [MB]  -> /work/main/.carry/dispTAG.txt
import random, sys, math
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
mb = float(sys.argv[4]) if len(sys.argv) > 4 else 150.0
random.seed(seed)
lu = lambda hi: int(round(math.exp(random.uniform(0, math.log(hi)))))
lines = []
for _ in range(n_want):
    m, k, n = lu(96), lu(128), lu(96); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    b = max(1, int(mb * 1e6 / ((m * k + k * n + m * n) * es)))
    lines.append(f"{b} {m} {k} {n} {dt}")
print("\n".join(lines))
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("# drawT.py %d %d %s %g\n" % (seed, n_want, tag, mb) + "\n".join(lines) + "\n")
