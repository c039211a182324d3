import random,subprocess,re
random.seed(1209)
def dc(s):
    return subprocess.run(['/tmp/dc4'],input=f"{s} f32\n",capture_output=True,text=True).stdout.split()
def comp(s,c):
    o=subprocess.run(['/work/main/build/tailor-gen','--shape',s,'--dtype','f32','--config',c,'--compile','-q'],capture_output=True,text=True,stdin=subprocess.DEVNULL)
    o=o.stdout+o.stderr
    rg=re.search(r"registers\s+(\d+)",o); sp=re.search(r"spills\s+(\d+)",o)
    return (int(rg.group(1)),int(sp.group(1))) if rg else o.strip().split('\n')[-1][:150]
def r8(x): return (x+7)//8*8
out=[];n=0
while n<20:
    a=random.randint(17,24); L=random.randint(48,128); k=random.randint(150,900)
    m,nn=(a,L) if random.random()<0.5 else (L,a)
    if (m*k+k*nn)*4<=100*1024: continue
    b=max(1,int(300e6/((m*k+k*nn+m*nn)*4)))
    s=f"{b}x{m}x{k}x{nn}"
    o=dc(s)
    if o[-2]!='heuristic' or 'tiled' not in o[-1]: print("skip",s,o); continue
    n+=1
    M,N=r8(m),r8(nn)
    narrowM = m<=24
    cs=[o[-1]]
    def cfg(rm,rn): return f"tiled,t={(M//rm)*(N//rn)},minb=1,bm={M},bn={N},bk=8,vec=4,rm={rm},rn={rn},grid=0,st=4"
    cs.append(cfg(4,4))
    cs.append(cfg(2,8) if narrowM else cfg(8,2))
    cs.append(cfg(2,4) if narrowM else cfg(4,2))
    seen=[]
    for c in cs:
        if c in seen: continue
        r=comp(s,c)
        if not isinstance(r,tuple) or r[1]>0: print("  bad",c,r); continue
        seen.append(c); out.append(f"{s} f32 {c}")
    print(n, s, len(seen), o[-1][:70])
open('/work/main/.carry/force_lr10.txt','w').write("\n".join(out)+"\n")
