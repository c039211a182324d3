# Fresh draws for validating, through dispatch (the build before and after alternating), the
# rules of this change: (R) the batch's rows regrouped: B shared, M, K, N log-uniform over
# 1-128; and batches of one tall product, M of 10^5-10^7 rows, K 1-128, N 1-32; (S) reductions
# of 1-3 in the threads' slabs, M 2-23, N 4-96; (T) f32 N past 128 with M of 33-47, K up to 64.
# Kept where dispatch's decision moved between /tmp/dcNew (before) and the checker after
# (/tmp/dcR; for call 3, /tmp/dcR after the refinements of call 2; for call 6, /tmp/dcR2 with
# the 48 x 96 tile).
#   python3 drawC2.py SEED NR N1 NS NT [TAG [CHECKER]] -> /work/main/.carry/n/disp{TAG}.txt
#   call 2: drawC2.py 4201 16 10 12 10; call 3: drawC2.py 4301 20 6 6 0 C3;
#   call 6: drawC2.py 4401 0 0 0 10 C6 /tmp/dcR2
import math, random, subprocess, sys
seed, nr, n1, ns, nt = map(int, sys.argv[1:6])
tag = sys.argv[6] if len(sys.argv) > 6 else 'C2'
after = sys.argv[7] if len(sys.argv) > 7 else '/tmp/dcR'
random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
def dc(b, s, dt, flag):
    return subprocess.run([b], input=f"{s} {dt} {flag}\n", capture_output=True, text=True).stdout.split()[-1]
def moved(s, dt, flag=''):
    o, x = dc('/tmp/dcNew', s, dt, flag), dc(after, s, dt, flag)
    return None if o == x else (o, x)
out = []
def draw(tag, want, gen):
    got = 0
    while got < want:
        b, m, k, n, dt, flag = gen()
        s = f"{b}x{m}x{k}x{n}"
        r = moved(s, dt, flag)
        if not r: continue
        got += 1; out.append(f"{b} {m} {k} {n} {dt} {flag}".strip())
        print(tag, s, dt, flag, r[0], '->', r[1], flush=True)
def g_r():
    m, k, n = lu(1, 128), lu(1, 128), lu(1, 128); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    return max(2, int(150e6 / ((m * k + m * n) * es))), m, k, n, dt, 'bcastB'
def g_1():
    k, n = lu(1, 128), lu(1, 32); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    m = int(150e6 / ((k + n) * es)); m = random.choice([m, m // 1000 * 1000, m // 1024 * 1024])
    return 1, m, k, n, dt, ''
def g_s():
    m, k, n = lu(2, 23), random.randint(1, 3), lu(4, 96); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    return max(1, int(150e6 / ((m * k + k * n + m * n) * es))), m, k, n, dt, ''
def g_t():
    m, n, k = random.randint(33, 47), lu(129, 1500), lu(1, 64)
    return max(1, int(150e6 / ((m * k + k * n + m * n) * 4))), m, k, n, 'f32', ''
draw('R', nr, g_r); draw('1', n1, g_1); draw('S', ns, g_s); draw('T', nt, g_t)
open(f'/work/main/.carry/n/disp{tag}.txt', 'w').write("\n".join(out) + "\n")
