# Prepared (not run): reductions of 1-3 in the threads' slabs. Shapes of M 2-23, N 4-96, K 1-3,
# f32 or f64, ~150 MB, that dispatch (/tmp/dcNew6: dispatch_check at 7543470) gives the threads'
# slabs (no tma); forced: the pick, the bulk-copied rule's config of e6406c9 computed as in
# generator.cpp (2 x 1, cs = 0, ~12 KB slabs, a thread per ~100 bytes), and the threads' slab
# of 1 x 2 tiles in 64 threads with minb = 2 (the tuner's winner on 147637x16x1x14 f32).
#   python3 drawK3t.py SEED N TAG -> /work/main/.carry/forceTAG.txt, dispTAG.txt
import math, random, re, subprocess, sys
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
def dc(s, dt):
    return subprocess.run(['/tmp/dcNew6'], input=f"{s} {dt}\n", capture_output=True, text=True).stdout.split()[-1]
def ok(s, dt, c):
    o = subprocess.run(['/work/main/build/tailor-gen', '--shape', s, '--dtype', dt, '--config', c, '--compile', '-q'],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL)
    m = re.search(r"spills\s+(\d+)", o.stdout + o.stderr)
    return m is not None and int(m.group(1)) == 0
def rule(b, m, k, n, es):
    step = 1
    for e in (m * k, k * n, m * n):
        step = math.lcm(step, 16 // math.gcd(e * es, 16))
    by = (m * k + k * n + m * n) * es
    mats = min(-(-max(1, (12 * 1024 + by // 2) // by) // step) * step, max(step, b // step * step))
    units = mats * -(-m // 2) * n
    t = min(max(min(-(-mats * by // 3200), -(-units // 32)) * 32, 64), 512)
    vec = 16 // es
    while vec > 1 and ((mats * m * k) % vec or (mats * k * n) % vec): vec //= 2
    return f"slab,t={t},minb=1,mats={mats},vec={vec},rm=2,rn=1,grid=0,tma=1"
def threads64(b, m, k, n, es):
    mats = max(1, 4096 // ((m * k + k * n + m * n) * es))
    vec = 16 // es
    while vec > 1 and ((mats * m * k) % vec or (mats * k * n) % vec): vec //= 2
    return f"slab,t=64,minb=2,mats={mats},vec={vec},rm=1,rn=2,grid=0"
out, shapes = [], []
while len(shapes) < n_want:
    m, k, n = lu(2, 23), random.randint(1, 3), lu(4, 96); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    b = max(1, int(150e6 / ((m * k + k * n + m * n) * es)))
    s = f"{b}x{m}x{k}x{n}"
    pick = dc(s, dt)
    if not pick.startswith('slab') or 'tma=1' in pick: continue
    cs = [c for c in dict.fromkeys([pick, rule(b, m, k, n, es), threads64(b, m, k, n, es)]) if ok(s, dt, c)]
    out += [f"{s} {dt} - {c}" for c in cs]; shapes.append(f"{b} {m} {k} {n} {dt}")
    print(s, dt, cs, flush=True)
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(shapes) + "\n")
