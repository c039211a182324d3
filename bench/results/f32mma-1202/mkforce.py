# Forced configs for f32 on the FP64 tensor cores: each shape's f32 heuristic pick, the f64
# heuristic's DMMA pick applied to f32, and a few fixed DMMA tiles and slabs; kept where
# tailor-gen validates and compiles them for sm_90 without spills.
import subprocess, sys, re
GEN = sys.argv[1] if len(sys.argv) > 1 else 'build/tailor-gen'
shapes = """10922x64x64x64 2730x128x128x128 41082x33x33x33 3772x77x77x77 10340x65x65x65 3976x75x75x75
2701x91x91x91 2000x96x96x96 3434x98x83x63 4025x65x97x64 3323x65x83x100 3467x85x91x66 20000x48x48x48
4816x52x89x66 4982x80x31x99 27962x40x40x40 8579x54x37x64""".split()
fixed = ["tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=4,rm=4,rn=4,grid=0,mma=1,st=3",
         "tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=4,rm=4,rn=4,grid=0,mma=1,st=3,k8=1",
         "tiled,t=128,minb=1,bm=32,bn=32,bk=16,vec=4,rm=2,rn=2,grid=0,mma=1,st=3",
         "tiled,t=256,minb=1,bm=64,bn=128,bk=8,vec=4,rm=4,rn=4,grid=0,mma=1,st=4",
         "slab,t=160,minb=1,mats=1,vec=1,rm=1,rn=5,grid=0,cs=1,tma=1,mma=1"]
def heur(shape, dt):
    out = subprocess.run([GEN, '--shape', shape, '--dtype', dt], capture_output=True, text=True).stdout
    return re.search(r'// config:\s+(\S+)', out).group(1)
def ok(shape, cfg):
    r = subprocess.run([GEN, '--shape', shape, '--dtype', 'f32', '--config', cfg, '--compile', '-q'],
                       capture_output=True, text=True)
    if r.returncode: return None
    regs = re.search(r'registers\s+(\d+)', r.stdout); sp = re.search(r'spills\s+(\d+)', r.stdout)
    if sp and int(sp.group(1)) > 0: return None
    return regs.group(1)
for s in shapes:
    cands = [heur(s, 'f32')]
    h64 = heur(s, 'f64')
    if 'mma=1' in h64:
        cands.append(h64.replace('vec=2', 'vec=4') if h64.startswith('tiled') else h64)
    for c in fixed:
        if c not in cands: cands.append(c)
    for c in cands:
        r = ok(s, c)
        if r: print(s, 'f32', c, '# regs', r)
