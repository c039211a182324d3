# Summarises forced A/B logs: python3 ab.py DIR (force_r1.log, force_r2.log; the first config of a shape is "old").
import collections,sys,math
d=sys.argv[1]
rows=collections.defaultdict(lambda: collections.defaultdict(list)); order={}
for r in (1,2):
    for l in open(f'{d}/force_r{r}.log'):
        f=l.split()
        if len(f)>=9 and f[1] in('f32','f64') and 'x' in f[0]:
            rows[(f[0],f[1])][f[-1]].append((float(f[2]),f[4]))
            order.setdefault((f[0],f[1]),[]); 
            if f[-1] not in order[(f[0],f[1])]: order[(f[0],f[1])].append(f[-1])
g=[]
for k,ks in order.items():
    if len(ks)<2: print(k,"only",ks); continue
    o,n=ks[0],ks[1]
    to=min(t for t,_ in rows[k][o]); tn=min(t for t,_ in rows[k][n])
    po=max(rows[k][o])[1]; pn=min(rows[k][n])[1]
    g.append(to/tn)
    print(f"{k[0]:>20} {k[1]} old {to*1000:7.1f}us {min(rows[k][o])[1]:>6} new {tn*1000:7.1f}us {min(rows[k][n])[1]:>6}  {to/tn:.2f}x  spread old {max(t for t,_ in rows[k][o])/to:.3f} new {max(t for t,_ in rows[k][n])/tn:.3f}")
print("geomean", math.exp(sum(map(math.log,g))/len(g)), "n", len(g), "min", min(g), "max", max(g))
