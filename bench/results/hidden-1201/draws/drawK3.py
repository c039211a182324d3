# Validation of the short-reduction slab rule (K 1-3: 2 x 1 micro-tiles, C from registers,
# ~12 KB slabs, a thread per ~100 bytes): fresh shapes of M, N log-uniform over 1-96, K 1-3,
# f32 or f64, one in six with A shared and one in six with B shared, ~150 MB each, kept where
# dispatch's decision moves (old: /tmp/dcNew3, the build of 1a7594a; new: /tmp/dcNew4).
#   python3 drawK3.py SEED N TAG -> /work/main/.carry/dispTAG.txt
import random, sys, math, subprocess
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
lu = lambda hi: int(round(math.exp(random.uniform(0, math.log(hi)))))
def dc(binary, s, dt, flag):
    return subprocess.run([binary], input=f"{s} {dt} {flag}\n", capture_output=True, text=True).stdout.split()[-1]
lines, tries = [], 0
while len(lines) < n_want:
    tries += 1
    m, k, n = lu(96), random.randint(1, 3), lu(96); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    u = random.random(); flag = 'bcastA' if u < 1 / 6 else 'bcastB' if u < 2 / 6 else ''
    per = (0 if flag == 'bcastA' else m * k) + (0 if flag == 'bcastB' else k * n) + m * n
    b = max(1, int(150e6 / (per * es)))
    s = f"{b}x{m}x{k}x{n}"
    o, x = dc('/tmp/dcNew3', s, dt, flag), dc('/tmp/dcNew4', s, dt, flag)
    if o == x: continue
    lines.append(f"{b} {m} {k} {n} {dt} {flag}".rstrip())
    print(s, dt, flag, o, '->', x, flush=True)
print('tries', tries)
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(lines) + "\n")
