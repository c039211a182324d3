import re,sys,collections
lines=open(sys.argv[1]).read().split('\n')
labels={}; ins=[]
for l in lines:
    m=re.match(r'^(\.L_x_\d+):',l)
    if m: labels[m.group(1)]=len(ins); continue
    m=re.match(r'^\s+/\*[0-9a-f]+\*/\s+(.*);',l)
    if m: ins.append(m.group(1))
for j,t in enumerate(ins):
    m=re.search(r'BRA\s+`?\(?(\.L_x_\d+)',t)
    if m and labels.get(m.group(1),1e9)<j:
        body=ins[labels[m.group(1)]:j+1]
        if sum('FFMA' in x for x in body):
            c=collections.Counter(re.sub(r'^@!?U?P\w+\s+','',x).split()[0].split('.')[0] for x in body)
            print(len(body),'instructions:',', '.join(f'{k} {v}' for k,v in c.most_common(12)))
