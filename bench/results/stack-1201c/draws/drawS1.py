# Fresh draws for the short-stack rule (outputs of 1-3 columns whose rows form one stack):
# (1) batches of one tall product, K log-uniform over 1-128, N 1-3, ~150 MB;
# (B) B shared by the batch, M log-uniform over 1-256, K over 1-128, N 1-3, ~150 MB.
# Kept where dispatch's decision moved between /tmp/dcNew (the build before, 5a0257a) and
# /tmp/dcS (after). The first NF of each family also get a force file: every regrouping the
# model lists whose pick is a threads' slab of at most 12 rows, the model's best three, and
# the pick before and after (bench/offline/regroup_options.cpp as /tmp/regroup_options).
#   python3 drawS1.py SEED N1 NB NF TAG -> /work/main/.carry/s/disp{TAG}.txt, force{TAG}.txt
# Call 1: drawS1.py 5101 12 14 5 S1 (the rule for every N of 1-3 stack); call 2: drawS1.py 5201 16 6 6 S2
# (the rule only where the pick was a tile); call 3: drawS1.py 5301 12 4 0 S3 (only FMA tiles, with the guard).
import math, random, subprocess, sys
seed, n1, nb, nf = map(int, sys.argv[1:5]); tag = sys.argv[5]
random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
def run(b, line): return subprocess.run([b], input=line + "\n", capture_output=True, text=True).stdout
def dc(b, s, dt, flag): return run(b, f"{s} {dt} {flag}").split()[-1]
out, force = [], []
def draw(fam, want, gen):
    got = 0
    while got < want:
        b, m, k, n, dt, flag = gen()
        s = f"{b}x{m}x{k}x{n}"
        o, x = dc('/tmp/dcNew', s, dt, flag), dc('/tmp/dcS', s, dt, flag)
        if o == x: continue
        got += 1; out.append(f"{b} {m} {k} {n} {dt} {flag}".strip())
        print(fam, s, dt, flag, o, '->', x, flush=True)
        if got <= nf:
            f = flag or '-'
            cfgs = [o, x]
            opts = [l.split()[-1] for l in run('/tmp/regroup_options', f"{s} {dt} {flag}").splitlines() if ' option ' in l]
            cfgs += opts[:3]
            for c in opts:
                kv = dict(t.split('=') for t in c.split(',')[1:])
                if c.startswith('slab') and kv.get('tma', '0') == '0' and int(kv.get('rows', '0')) <= 12: cfgs.append(c)
            seen = set()
            for c in cfgs:
                if c not in seen: seen.add(c); force.append(f"{s} {dt} {f} {c}")
def g_1():
    k, n = lu(1, 128), random.randint(1, 3); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    m = int(150e6 / ((k + n) * es)); m = random.choice([m, m // 1000 * 1000, m // 1024 * 1024])
    return 1, m, k, n, dt, ''
def g_b():
    m, k, n = lu(1, 256), lu(1, 128), random.randint(1, 3); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    return max(2, int(150e6 / ((m * k + m * n) * es))), m, k, n, dt, 'bcastB'
draw('1', n1, g_1); draw('B', nb, g_b)
open(f'/work/main/.carry/s/disp{tag}.txt', 'w').write("\n".join(out) + "\n")
open(f'/work/main/.carry/s/force{tag}.txt', 'w').write("\n".join(force) + "\n")
