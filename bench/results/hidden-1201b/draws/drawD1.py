# Single tall skinny products (batch 1, K 1-16, N 1-32 log-uniform, f32 or f64, ~150 MB,
# M rounded to a multiple of 1000, 1024 or 960): the six regroupings the cost model ranks
# first (gen::regroup_options via /tmp/regroup_options) and the heuristic's pick, forced side by
# side, to learn how
# to rank divisors the model predicts within a few per cent of each other.
#   python3 drawD1.py SEED N -> /work/main/.carry/n/forceD1.txt (shape dtype flag config)
import math, random, subprocess, sys
seed, n_want = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
out = []
for i in range(n_want):
    k, n = lu(1, 16), lu(1, 32); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    q = random.choice([1000, 1024, 960]); m = int(150e6 / ((k + n) * es)) // q * q
    s = f"1x{m}x{k}x{n}"
    lines = subprocess.run(['/tmp/regroup_options'], input=f"{s} {dt}\n", capture_output=True, text=True).stdout.split('\n')
    opts = [l.split() for l in lines if ' option ' in l][:6]
    pick = [l.split()[-1] for l in lines if ' heuristic ' in l][0]
    print(s, dt, 'pick', pick, ' '.join(f"{o[4]}us:{o[5].split('rows=')[1]}" for o in opts), flush=True)
    out += [f"{s} {dt} - {c}" for c in dict.fromkeys([pick] + [o[5] for o in opts]) if f"{s} {dt} - {c}" not in out]
open('/work/main/.carry/n/forceD1.txt', 'w').write("\n".join(out) + "\n")
