# Family C: f32 tiles of the sides rounded up to 8 with a side of 17-47 (the 8 x 4 rule) where
# 8 x 4 a thread leaves under 96 threads; candidate: 4 x 4 a thread.
import random,subprocess,re,sys
random.seed(int(sys.argv[1]) if len(sys.argv)>1 else 1213)
N_SHAPES=int(sys.argv[2]) if len(sys.argv)>2 else 20
def dc(s):
    return subprocess.run(['/tmp/dcA'],input=f"{s} f32\n",capture_output=True,text=True).stdout.split()
def comp(s,c):
    o=subprocess.run(['/work/main/build/tailor-gen','--shape',s,'--dtype','f32','--config',c,'--compile','-q'],capture_output=True,text=True,stdin=subprocess.DEVNULL)
    o=o.stdout+o.stderr
    rg=re.search(r"registers\s+(\d+)",o); sp=re.search(r"spills\s+(\d+)",o)
    return (int(rg.group(1)),int(sp.group(1))) if rg else o.strip().split('\n')[-1][:150]
def r8(x): return (x+7)//8*8
out=[];n=0;shapes=[]
while n<N_SHAPES:
    a=random.randint(17,47); L=random.randint(48,128); k=random.randint(150,900)
    m,nn=(a,L) if random.random()<0.5 else (L,a)
    M,N=r8(m),r8(nn)
    if M*N>=3072: continue
    if (m*k+k*nn)*4<=100*1024: continue
    b=max(1,int(300e6/((m*k+k*nn+m*nn)*4)))
    s=f"{b}x{m}x{k}x{nn}"
    o=dc(s)
    if o[-2]!='heuristic' or 'rm=8,rn=4' not in o[-1]: print("skip",s,o[-1][:80]); continue
    n+=1
    cs=[o[-1], f"tiled,t={(M//4)*(N//4)},minb=1,bm={M},bn={N},bk=8,vec=4,rm=4,rn=4,grid=0,st=4"]
    seen=[]
    for c in cs:
        r=comp(s,c)
        if not isinstance(r,tuple) or r[1]>0: print("  bad",c,r); continue
        seen.append(c); out.append(f"{s} f32 {c}")
    shapes.append(f"{s.replace('x',' ')} f32")
    print(n, s, len(seen), o[-1][:80])
open('/work/main/.carry/forceC.txt','w').write("\n".join(out)+"\n")
open('/work/main/.carry/dispC.txt','w').write("\n".join(shapes)+"\n")
