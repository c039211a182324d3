import random,subprocess,re
random.seed(1201)
def r8(x): return (x+7)//8*8
shapes=[]
while len(shapes)<16:
    a=random.randint(17,47); b=random.randint(48,128); k=random.randint(150,900)
    m,n=(a,b) if random.random()<0.5 else (b,a)
    shapes.append((m,k,n))
while len(shapes)<28:
    m=random.randint(48,128); n=random.randint(48,128); k=random.randint(60,600)
    if (m*k+k*n)*4<=100*1024: continue
    shapes.append((m,k,n))
out=[]
for m,k,n in shapes:
    b=max(1,int(300e6/((m*k+k*n+m*n)*4)))
    s=f"{b}x{m}x{k}x{n}"
    h=subprocess.run(['/tmp/dc'],input=f"{s} f32\n",capture_output=True,text=True).stdout.split()
    src,h=h[-2],h[-1]
    M,N=r8(m),r8(n)
    cs=[h]
    o=M*N
    for rm,rn in [(8,4),(4,8),(4,4)]:
        t=o//(rm*rn)
        if (rm,rn)!=(4,4) and t<64: continue
        if (rm,rn)==(4,4) and o//32>=64: continue
        cs.append(f"tiled,t={t},minb=1,bm={M},bn={N},bk=8,vec=4,rm={rm},rn={rn},grid=0,st=4")
    for c in cs: out.append(f"{s} f32 {c}")
    print(s,src,h,len(cs))
open('/work/main/.carry/force_lr2.txt','w').write("\n".join(out)+"\n")
