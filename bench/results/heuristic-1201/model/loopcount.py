import re,sys,collections
lines=open(sys.argv[1]).read().split('\n')
labels={}
ins=[]
for i,l in enumerate(lines):
    m=re.match(r'^(\.L_x_\d+):',l)
    if m: labels[m.group(1)]=len(ins); continue
    m=re.match(r'^\s+/\*[0-9a-f]+\*/\s+(.*);',l)
    if m: ins.append(m.group(1))
# find backward branches
best=None
for j,t in enumerate(ins):
    m=re.search(r'BRA\s+`?\(?(\.L_x_\d+)',t)
    if m and labels.get(m.group(1),1e9)<j:
        a=labels[m.group(1)]
        body=ins[a:j+1]
        f=sum('FFMA' in x for x in body)
        if f and (best is None or len(body)<len(best)): best=body
c=collections.Counter(re.sub(r'^@!?U?P\w+\s+','',x).split()[0].split('.')[0] for x in best)
print(len(best),'instructions'); print(c.most_common(20))
