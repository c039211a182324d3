# A map of small and mid-size problems outside the suite, the region most calls fall in:
# M, N log-uniform over 1-96, K over 1-128, f32 or f64, one in six with A shared by the batch
# (bcastA), one in six with B shared (bcastB); each batch sized to move about MB megabytes.
#   python3 drawH.py SEED N TAG [MB]  -> /work/main/.carry/dispTAG.txt
import random, sys, math
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
mb = float(sys.argv[4]) if len(sys.argv) > 4 else 150.0
random.seed(seed)
lu = lambda hi: int(round(math.exp(random.uniform(0, math.log(hi)))))
lines = []
for _ in range(n_want):
    m, k, n = lu(96), lu(128), lu(96); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    u = random.random(); flag = 'bcastA' if u < 1 / 6 else 'bcastB' if u < 2 / 6 else ''
    per = (0 if flag == 'bcastA' else m * k) + (0 if flag == 'bcastB' else k * n) + m * n
    b = max(1, int(mb * 1e6 / (per * es)))
    lines.append(f"{b} {m} {k} {n} {dt} {flag}".rstrip())
print("\n".join(lines))
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("# drawH.py %d %d %s %g\n" % (seed, n_want, tag, mb) + "\n".join(lines) + "\n")
