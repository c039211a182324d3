# Fresh problems whose pick the broadcast operand's bank conflicts move (bulk-copied slabs'
# micro-tiles scored with a broadcast operand's replayed reads): M, K, N log-uniform over
# 1-320, f32 or f64, every one with A shared, ~150 MB, kept where
# /tmp/dcW4 (6fee24f) and /tmp/dcX (after) differ.
#   python3 drawX2.py SEED COUNT -> /work/main/.carry/s/dispX2.txt (call 10: 5901 16; A shared only)
import math, random, subprocess, sys
seed, count = map(int, sys.argv[1:3]); random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
def dc(b, line): return subprocess.run([b], input=line + "\n", capture_output=True, text=True).stdout.split()[-1]
out = []
while len(out) < count:
    m, k, n = lu(1, 320), lu(1, 320), lu(1, 320); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    flag = 'bcastA'
    per = (0 if flag == 'bcastA' else m * k) + (0 if flag == 'bcastB' else k * n) + m * n
    b = max(1, int(150e6 / (per * es)))
    line = f"{b}x{m}x{k}x{n} {dt} {flag}".strip()
    o, x = dc('/tmp/dcW4', line), dc('/tmp/dcX', line)
    if o == x: continue
    out.append(f"{b} {m} {k} {n} {dt} {flag}".strip()); print(line, o, '->', x, flush=True)
open('/work/main/.carry/s/dispX2.txt', 'w').write("\n".join(out) + "\n")
