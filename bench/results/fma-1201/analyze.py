# Pairs a forced log with its force file (configs of a problem in file order) and the peers'
# JSON lines; prints, per problem, each config's time relative to the first (the heuristic's
# pick) and the best peer's time relative to the pick.
import collections,json,math,sys
log,force,peers=sys.argv[1:4]
cfgs=collections.OrderedDict()
for l in open(force):
    if not l.strip() or l.startswith('#'): continue
    s,d,c=l.split()[:3]; cfgs.setdefault((s,d),[]).append(c)
times=collections.defaultdict(list); seen=collections.Counter()
for l in open(log):
    t=l.split()
    if len(t)<3 or not t[0][0].isdigit() or 'x' not in t[0] or (t[0],t[1]) not in cfgs: continue
    key=(t[0],t[1]); i=seen[key]%len(cfgs[key]); seen[key]+=1
    if 'FAIL' in l: continue
    times[(key,i)].append((float(t[2]),float(t[4].rstrip('%'))))
peer={}
for l in open(peers):
    j=json.loads(l)
    if 'batch' not in j: continue
    ts=[j[k] for k in ('torch','cupy','jax') if isinstance(j.get(k),float)]
    peer[(f"{j['batch']}x{j['m']}x{j['k']}x{j['n']}",j['dtype'])]=min(ts)*1e3 if ts else None
for key,cs in cfgs.items():
    base=times.get((key,0))
    if not base: print(key,'no base'); continue
    b=sorted(base)[len(base)//2][0]
    p=peer.get(key)
    print(f"{key[0]} {key[1]}  pick {b:.4f} ms {base[0][1]:.0f}%  peer/pick {p/b if p else float('nan'):.2f}")
    for i,c in enumerate(cs[1:],1):
        v=times.get((key,i))
        if not v: print('    --',c); continue
        t=sorted(v)[len(v)//2]
        print(f"    {b/t[0]:.2f}x {t[1]:3.0f}%  {c}")
