# Old build against new build, per problem (the epilogue change): median over rounds of each
# build's time for the problem's config; with the peers' best from a JSON lines file.
import collections,json,sys
log,peers=sys.argv[1],sys.argv[2]
t=collections.defaultdict(lambda: collections.defaultdict(list)); pct={}
cur=None
for l in open(log):
    if l.startswith('=== round'): cur=l.split()[-1]; continue
    x=l.split()
    if len(x)<5 or 'x' not in x[0] or not x[0][0].isdigit(): continue
    t[(x[0],x[1])][cur].append(float(x[2])); pct.setdefault((x[0],x[1],cur),[]).append(x[4])
peer={}
for l in open(peers):
    j=json.loads(l)
    if 'batch' not in j: continue
    ts=[j[k] for k in ('torch','jax') if isinstance(j.get(k),float)]
    peer[f"{j['batch']}x{j['m']}x{j['k']}x{j['n']}"]=min(ts)*1e3
import math
lg=[]
for k,v in t.items():
    o=sorted(v['old'])[len(v['old'])//2]; n=sorted(v['new'])[len(v['new'])//2]
    p=peer.get(k[0])
    lg.append(math.log(o/n))
    print(f"{k[0]:>20} {k[1]} old {o:.4f} {pct[(k[0],k[1],'old')][0]:>6} new {n:.4f} {pct[(k[0],k[1],'new')][0]:>6}  {o/n:.2f}x  vs best peer: old {p/o if p else float('nan'):.2f} new {p/n if p else float('nan'):.2f}")
print('geomean', math.exp(sum(lg)/len(lg)), 'n', len(lg))
