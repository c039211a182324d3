import subprocess,re,math
def r8(x): return (x+7)//8*8
def comp(s,dt,c):
    r=subprocess.run(['/work/main/build/tailor-gen','--shape',s,'--dtype',dt,'--config',c,'--compile','-q'],capture_output=True,text=True,stdin=subprocess.DEVNULL)
    o=r.stdout+r.stderr
    rg=re.search(r"registers\s+(\d+)",o); sp=re.search(r"spills\s+(\d+)",o); sm=re.search(r"smem\s+(\d+) bytes static, (\d+)",o)
    if not rg: return None
    return int(rg.group(1)),int(sp.group(1)),int(sm.group(1))+int(sm.group(2))
def occ(R,t,smem):
    w=math.ceil(t/32)
    a=65536//(math.ceil(R/8)*8*w*32)
    b=(233472)//(smem+1024)
    return min(a,b,32,64//w)
shapes=["1229x44x567x59","1885x22x545x49","1054x126x450x25","1146x19x704x72","1156x40x409x108","1338x67x515x37","2584x84x227x32","861x105x586x37","1011x26x854x59","2149x118x189x41"]
for s in shapes:
    dt="f32"
    b,m,k,n=map(int,s.split('x'))
    h=subprocess.run(['/tmp/dc'],input=f"{s} {dt}\n",capture_output=True,text=True).stdout.split()[-1]
    M,N=r8(m),r8(n)
    base=[h]
    for rm,rn,bk,st in [(8,8,16,3),(4,4,8,4),(4,4,16,3),(4,8,8,4),(8,4,8,4),(4,8,16,3),(8,4,16,3)]:
        if M%rm or N%rn: continue
        t=(M//rm)*(N//rn)
        if t<32 or t>512: continue
        base.append(f"tiled,t={t},minb=1,bm={M},bn={N},bk={bk},vec=4,rm={rm},rn={rn},grid=0,st={st}")
    for c in base:
        r=comp(s,dt,c)
        if not r: print("#ERR",s,c); continue
        R,sp,sm=r; t=int(re.search(r"t=(\d+)",c).group(1)); o=occ(R,t,sm)
        print(f"{s} {dt} {c}  # R={R} sp={sp} occ={o}")
        seen={1}
        for mb in sorted({o+1, max(o+2,int(o*1.5+0.5))}):
            if mb in seen: continue
            seen.add(mb)
            c2=re.sub(r"minb=\d+",f"minb={mb}",c)
            r2=comp(s,dt,c2)
            if not r2: continue
            if r2[1]==0 and occ(r2[0],t,r2[2])>o:
                print(f"{s} {dt} {c2}  # R={r2[0]} sp={r2[1]} occ={occ(r2[0],t,r2[2])}")
