import random, subprocess, sys
seed=int(sys.argv[1]); n=int(sys.argv[2]); out=sys.argv[3]
rng=random.Random(seed)
GEN='./build-gpu/tailor-gen'
def heur(shape,dt):
    o=subprocess.run([GEN,'--shape',shape,'--dtype',dt],capture_output=True,text=True).stdout
    for l in o.splitlines():
        if l.startswith('// config:'): return l.split(None,2)[2].strip()
lines=[]; seen=set(); tries=0
while len(lines)<2*n and tries<2000:
    tries+=1
    dt=rng.choice(['f64','f32'])
    m=rng.randint(40,256); k=rng.randint(16,256); nn=rng.randint(40,256)
    if dt=='f32': m, k, nn = m, (k+3)//4*4, (nn+3)//4*4
    es=8 if dt=='f64' else 4
    b=max(1,int(400e6/((m*k+k*nn+m*nn)*es)))
    sh=f"{b}x{m}x{k}x{nn}"
    if sh in seen: continue
    h=heur(sh,dt)
    if not h or not h.startswith('tiled') or 'mma=1' not in h or ',st=3' not in h: continue
    seen.add(sh)
    alt=h.replace(',st=3',',st=4')
    lines.append(f"{sh} {dt} {h}"); lines.append(f"{sh} {dt} {alt}")
open(out,'w').write('\n'.join(lines)+'\n')
print(len(lines)//2,'shapes from',tries,'draws')
