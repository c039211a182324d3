# Helper of bench/NOTES.md "Occupancy of the FMA slabs" (2026-11-30): /tmp/dc and /tmp/dc2 are
# bench/offline/dispatch_check.cpp built before and after the change (see its header).
import random, subprocess, sys
def configs(binary, lines):
    out = subprocess.run([binary], input="\n".join(lines)+"\n", capture_output=True, text=True, env={"TAILOR_DB":"/tmp/none.db"}).stdout
    return {(" ".join(l.split()[:2])): l.split()[3] for l in out.splitlines() if len(l.split())>=4}
def batch_for(m,k,n,es,mb=300): return max(1,int(mb*1e6/((m*k+k*n+m*n)*es)))
r = random.Random(int(sys.argv[1])); want=int(sys.argv[2])
cands=[]
for _ in range(3000):
    fam=r.random()
    if fam<0.5:
        dt="f32"; m=r.randint(40,128); n=r.randint(40,128); k=r.randint(4,128)
    else:
        dt=r.choice(["f32","f64"]); m=r.randint(2,32); n=r.randint(2,32); k=r.randint(2,32)
    es=4 if dt=="f32" else 8
    cands.append(f"{batch_for(m,k,n,es)}x{m}x{k}x{n} {dt}")
o=configs("/tmp/dc",cands); nw=configs("/tmp/dc2",cands)
got={"big":0,"small":0}
for c in cands:
    if o.get(c)!=nw.get(c):
        fam="big" if int(c.split("x")[1])>=40 and o[c].find("mats=1,")>=0 else "small"
        if got[fam]>=want: continue
        got[fam]+=1
        print(f"{c} {o[c]}\n{c} {nw[c]}")
