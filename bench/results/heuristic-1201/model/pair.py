import collections,sys
# args: log force pairs
args=sys.argv[1:]
out={}
for log,cf in zip(args[0::2],args[1::2]):
    cfgs=collections.OrderedDict()
    for l in open(cf):
        if l.startswith('#') or not l.strip(): continue
        s,d,c=l.split()[:3]
        cfgs.setdefault((s,d),[]).append(c)
    seen=collections.Counter()
    for l in open(log):
        t=l.split()
        if len(t)<3 or not t[0][0].isdigit() or 'x' not in t[0]: continue
        key=(t[0],t[1])
        if key not in cfgs: continue
        i=seen[key]%len(cfgs[key]); seen[key]+=1
        if 'FAILED' in l: continue
        out.setdefault((t[0],t[1],cfgs[key][i]),[]).append(float(t[2]))
for (s,d,c),v in out.items():
    print(s,d,c,sorted(v)[len(v)//2]*1e3)
