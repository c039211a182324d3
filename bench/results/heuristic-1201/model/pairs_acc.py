import sys,collections,math
rows=[l.split() for l in open(sys.argv[1]) if l.strip()]
by=collections.defaultdict(list)
for s,d,c,m,p in rows:
    fam='mma' if 'mma=1' in c else c.split(',')[0]
    by[(s,d)].append((float(m),float(p),fam))
acc=collections.Counter(); tot=collections.Counter(); top=0; nprob=0
for k,v in by.items():
    for i in range(len(v)):
        for j in range(i+1,len(v)):
            if abs(math.log(v[i][0]/v[j][0]))<0.05: continue
            key=v[i][2]+'/'+v[j][2]
            tot[key]+=1; acc[key]+=(v[i][0]<v[j][0])==(v[i][1]<v[j][1])
    if len(v)>1:
        nprob+=1
        best_pred=min(v,key=lambda x:x[1]); best=min(x[0] for x in v)
        top+= best_pred[0]/best
for k in tot: print(k, acc[k], 'of', tot[k])
print('mean measured/best of the model pick: %.3f over %d problems'%(top/nprob,nprob))
