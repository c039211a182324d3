# Helper of bench/NOTES.md "Occupancy of the FMA slabs" (2026-11-30): /tmp/dc and /tmp/dc2 are
# bench/offline/dispatch_check.cpp built before and after the change (see its header).
import random, subprocess, sys
def configs(lines):
    out = subprocess.run(["/tmp/dc"], input="\n".join(lines)+"\n", capture_output=True, text=True, env={"TAILOR_DB":"/tmp/none.db"}).stdout
    res = {}
    for l in out.splitlines():
        f = l.split()
        if len(f) >= 4: res[f[0]+" "+f[1]] = f[3]
    return res
def kv(cfg): return dict(x.split("=") if "=" in x else (x, "") for x in cfg.split(","))
def batch_for(m,k,n,es,mb=300): return max(1,int(mb*1e6/((m*k+k*n+m*n)*es)))
r = random.Random(int(sys.argv[1]))
fam = sys.argv[2]
cands = []
for _ in range(4000):
    if fam == "f1":
        dt = "f32"; m = r.randint(56,128); n = r.randint(56,128)
        kmax = 10240//(m+n)
        if kmax < 8: continue
        k = r.randint(8,kmax)
    else:
        dt = r.choice(["f32","f64"]); m = r.randint(2,24); n = r.randint(2,24); k = r.randint(2,24)
    es = 4 if dt=="f32" else 8
    cands.append((f"{batch_for(m,k,n,es)}x{m}x{k}x{n}", dt))
cf = configs([f"{s} {d}" for s,d in cands])
n_out = int(sys.argv[3]); got = 0; seen=set()
for s,d in cands:
    c = cf.get(f"{s} {d}")
    if not c or c in seen: continue
    p = kv(c)
    ok = False
    if fam == "f1": ok = c.startswith("slab") and p.get("mats")=="1" and int(p["t"])>=160 and p["minb"]=="1"
    else: ok = c.startswith("slab") and "tma" not in p and int(p["t"])>128
    if not ok: continue
    seen.add(c); got += 1
    b,m,k,n = s.split("x")
    print(f"{b} {m} {k} {n} {d} {c}")
    if fam == "f1": print(f"{b} {m} {k} {n} {d} {c.replace('minb=1','minb=2')}")
    else:
        for t in (64,128):
            print(f"{b} {m} {k} {n} {d} {c.replace('t='+p['t'],'t='+str(t))}")
    if got >= n_out: break
