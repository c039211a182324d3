# A fresh draw of f32 shapes whose rows are whole 16-byte units (M, K, N multiples of 4,
# sides 40-256, K 16-256; a third with every side a multiple of 16), batch sized to ~256 MB;
# for each: the f32 heuristic's pick, the f64 heuristic's pick where it is on the FP64 tensor
# cores (applied to f32), and the 64 x 64 x 16 DMMA tile on three cp.async stages.
import random, subprocess, re, sys
GEN = sys.argv[2] if len(sys.argv) > 2 else 'build/tailor-gen'
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1207)
def heur(shape, dt):
    out = subprocess.run([GEN, '--shape', shape, '--dtype', dt], capture_output=True, text=True).stdout
    return re.search(r'// config:\s+(\S+)', out).group(1)
def ok(shape, cfg):
    r = subprocess.run([GEN, '--shape', shape, '--dtype', 'f32', '--config', cfg, '--compile', '-q'], capture_output=True, text=True)
    if r.returncode: return False
    sp = re.search(r'spills\s+(\d+)', r.stdout)
    return not (sp and int(sp.group(1)) > 0)
T64 = "tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=4,rm=4,rn=4,grid=0,mma=1,st=3"
n = 0
while n < 28:
    q = 16 if n % 3 == 0 else 4
    m = rng.randrange(40, 257, q) if q == 4 else rng.choice(range(48, 257, 16))
    nn = rng.randrange(40, 257, q) if q == 4 else rng.choice(range(48, 257, 16))
    k = rng.randrange(16, 257, q) if q == 4 else rng.choice(range(16, 257, 16))
    batch = max(1, int(256e6 / (4 * (m * k + k * nn + m * nn))))
    s = f"{batch}x{m}x{k}x{nn}"
    cands = [heur(s, 'f32')]
    h64 = heur(s, 'f64')
    if 'mma=1' in h64:
        c = h64.replace('vec=2', 'vec=4') if h64.startswith('tiled') else h64
        if c not in cands: cands.append(c)
    if T64 not in cands: cands.append(T64)
    kept = [c for c in cands if ok(s, c)]
    if len(kept) < 2: continue
    for c in kept: print(s, 'f32', c)
    n += 1
