import random, subprocess, os
def run(tool, lines):
    if os.path.exists('/tmp/dispatch_check_none.db'): os.remove('/tmp/dispatch_check_none.db')
    return subprocess.run([tool], input="\n".join(lines)+"\n", capture_output=True, text=True).stdout.splitlines()
def valid(shape, dt, cfg):
    return subprocess.run(['build/tailor-gen','--shape',shape,'--dtype',dt,'--config',cfg], capture_output=True, text=True).returncode == 0
r=random.Random(1351)
shapes=[]
for fam,(mr,kr,nr) in [('N4-8',((2,16),(2,16),(4,8))),('K17-32',((2,16),(17,32),(1,3))),('M17-24',((17,24),(2,16),(1,3)))]:
    for i in range(8):
        dt=r.choice(['f32','f64']); e=4 if dt=='f32' else 8
        m,k,n=[r.randint(*x) for x in (mr,kr,nr)]
        b=int(r.uniform(80e6,300e6)/e/(m*k+k*n+m*n)); shapes.append(f"{b}x{m}x{k}x{n} {dt}")
out=[]
for l in run('/tmp/dc_new', shapes):
    w=l.split(); shape,dt,c=w[0],w[1],w[-1]
    b,m,k,n=map(int,shape.split('x')); e=4 if dt=='f32' else 8
    out.append(f"{shape} {dt} - {c}")
    outs=m*n; rr=4 if outs>=256 and k>=8 else 2 if outs>=32 else 1
    rm,rn=min(rr,m),min(rr,n)
    kv=dict(x.split('=') for x in c.split(',')[1:])
    if 'tma' not in kv: rm,rn=int(kv['rm']),int(kv['rn'])
    v=16//e
    ab=(m*k+k*n)*e
    for t in (256,512):
        mats=max(4,(32*1024//ab)//4*4)
        cfg=f"slab,t={t},minb=1,mats={mats},vec={v},rm={rm},rn={rn},grid=2,st=2"
        if valid(shape,dt,cfg): out.append(f"{shape} {dt} - {cfg}")
        else:
            cfg=cfg.replace(f"vec={v}","vec=1")
            if valid(shape,dt,cfg): out.append(f"{shape} {dt} - {cfg}")
            else: print("invalid",shape,dt,cfg)
open('.carry/n/force5.txt','w').write("\n".join(out)+"\n")
print(len(out))
