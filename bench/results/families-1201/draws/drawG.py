# Family G: f32 matrices with both sides of 90-120 past the slab's 100 KB, which take one
# tile of the sides rounded up to 8 (8 x 8 a thread, one CTA a matrix); candidates: that
# tile split in CTAs of 32 or 64 rows, and the 32 x 128 tile of the 128^3 record.
import random,subprocess,re,sys
random.seed(int(sys.argv[1])); N_SHAPES=int(sys.argv[2])
def dc(s): return subprocess.run(['/tmp/dcC'],input=f"{s} f32\n",capture_output=True,text=True).stdout.split()
def comp(s,c):
    o=subprocess.run(['/work/main/build/tailor-gen','--shape',s,'--dtype','f32','--config',c,'--compile','-q'],capture_output=True,text=True,stdin=subprocess.DEVNULL)
    o=o.stdout+o.stderr
    rg=re.search(r"registers\s+(\d+)",o); sp=re.search(r"spills\s+(\d+)",o)
    return (int(rg.group(1)),int(sp.group(1))) if rg else o.strip().split('\n')[-1][:150]
r8=lambda x:(x+7)//8*8
out=[];shapes=[];n=0
while n<N_SHAPES:
    m=random.randint(90,120); nn=random.randint(90,120); k=random.randint(60,200)
    if (m*k+k*nn)*4<=100*1024: continue
    b=max(1,int(300e6/((m*k+k*nn+m*nn)*4)))
    s=f"{b}x{m}x{k}x{nn}"
    o=dc(s)
    if o[-2]!='heuristic' or not o[-1].startswith('tiled'): print('skip',s,o[-1][:60]); continue
    n+=1
    N=r8(nn)
    cs=[o[-1], f"tiled,t={4*N//8},minb=1,bm=32,bn={N},bk=8,vec=4,rm=8,rn=8,grid=0,st=4",
        f"tiled,t={8*N//8},minb=1,bm=64,bn={N},bk=8,vec=4,rm=8,rn=8,grid=0,st=4",
        "tiled,t=64,minb=2,bm=32,bn=128,bk=8,vec=4,rm=8,rn=8,grid=0,st=4"]
    seen=[]
    for c in cs:
        if c in seen: continue
        r=comp(s,c)
        if not isinstance(r,tuple) or r[1]>0: print('  bad',c,r); continue
        seen.append(c); out.append(f"{s} f32 {c}")
    shapes.append(f"{s.replace('x',' ')} f32")
    print(n,s,len(seen),o[-1][:70])
open('/work/main/.carry/forceG.txt','w').write("\n".join(out)+"\n")
open('/work/main/.carry/dispG.txt','w').write("\n".join(shapes)+"\n")
