# The 64 x 48 tile rule (7543470: f32, M past 128, N of 33-47, K up to 64) and its mirror.
#   W: shapes of that family whose dispatch moved between e6406c9 (/tmp/dcOldE) and now
#      (/tmp/dcNew): a suite file for the old and the new build through dispatch.
#   T: the mirror (M of 33-47, N past 128, K up to 64): forced, the pick, a 48 x 64 tile of
#      6 x 4 in 128 threads, and a 48 x 32 tile of 6 x 4 in 64 threads with 4 cp.async stages.
#   python3 draw48.py SEED NW NT -> /work/main/.carry/n/{dispW48.txt, forceT48.txt}
import math, random, re, subprocess, sys
seed, nw, nt = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
def dc(b, s, dt):
    return subprocess.run([b], input=f"{s} {dt}\n", capture_output=True, text=True).stdout.split()[-1]
def comp(s, c):
    o = subprocess.run(['/work/main/build/tailor-gen', '--shape', s, '--dtype', 'f32', '--config', c, '--compile', '-q'],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL)
    rg = re.search(r"registers\s+(\d+)", o.stdout + o.stderr); sp = re.search(r"spills\s+(\d+)", o.stdout + o.stderr)
    return (int(rg.group(1)), int(sp.group(1))) if rg else None
batch = lambda m, k, n: max(1, int(150e6 / ((m * k + k * n + m * n) * 4)))
w = []
while len(w) < nw:
    m, n, k = lu(129, 1500), random.randint(33, 47), lu(1, 64)
    b = batch(m, k, n); s = f"{b}x{m}x{k}x{n}"
    o, x = dc('/tmp/dcOldE', s, 'f32'), dc('/tmp/dcNew', s, 'f32')
    if o == x: continue
    w.append(f"{b} {m} {k} {n} f32"); print('W', s, o, '->', x, flush=True)
t = []
for i in range(nt):
    m, n, k = random.randint(33, 47), lu(129, 1500), lu(1, 64)
    b = batch(m, k, n); s = f"{b}x{m}x{k}x{n}"
    v = 4 if k % 4 == 0 and n % 4 == 0 else 2 if k % 2 == 0 and n % 2 == 0 else 1
    cs = [dc('/tmp/dcNew', s, 'f32'), f"tiled,t=128,minb=1,bm=48,bn=64,bk=8,vec={v},rm=6,rn=4,grid=0",
          f"tiled,t=64,minb=1,bm=48,bn=32,bk=16,vec={v},rm=6,rn=4,grid=0,st=4"]
    for c in dict.fromkeys(cs):
        r = comp(s, c)
        if r is None: print('  bad', s, c); continue
        t.append(f"{s} f32 - {c}  # regs {r[0]} spill {r[1]}")
    print('T', s, cs[0], flush=True)
open('/work/main/.carry/n/dispW48.txt', 'w').write("\n".join(w) + "\n")
open('/work/main/.carry/n/forceT48.txt', 'w').write("\n".join(t) + "\n")
