# A map of where Tailor stands against the peers outside the suite: shapes drawn log-uniform
# over sides 1-320 and K 1-320, f32 or f64, each batch sized to move about 300 MB.
import random, sys, math
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
lu = lambda: int(round(math.exp(random.uniform(0, math.log(320)))))
lines = []
for _ in range(n_want):
    m, k, n = lu(), lu(), lu(); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    b = max(1, int(300e6 / ((m * k + k * n + m * n) * es)))
    lines.append(f"{b} {m} {k} {n} {dt}")
print("\n".join(lines))
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(lines) + "\n")
