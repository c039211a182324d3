# Summarises model_check.py outputs (/tmp/mcx/*.txt): pairs ordered as measured, all and with a slab.
import re,sys,glob,os
for f in sorted(glob.glob('/tmp/mcx/*.txt')):
    name=os.path.basename(f)[:-4]
    tot=[0,0]; slab=[0,0]; cells={}
    bias={}
    for l in open(f):
        m=re.match(r'\s+(\S+)\s+(\w+ f\d\d vs \w+ f\d\d)\s+as is: (\d+)/(\d+)',l)
        if m:
            a,b=int(m.group(3)),int(m.group(4)); tot[0]+=a; tot[1]+=b
            if 'slab' in m.group(2): slab[0]+=a; slab[1]+=b
            cells[m.group(1)+' '+m.group(2)]=f'{a}/{b}'
        m=re.match(r'\s+(\S+)\s+(\w+ f\d\d)\s+([\d.]+) \[',l)
        if m: bias[m.group(1)+' '+m.group(2)]=m.group(3)
    if not tot[1]: print(name,'incomplete'); continue
    print(f'{name:10s} all {tot[0]}/{tot[1]} {tot[0]/tot[1]:.3f}  slab-pairs {slab[0]}/{slab[1]} {slab[0]/slab[1]:.3f}  ' +
          ' '.join(f'{k.split()[0]}:{k.split(" ",1)[1].replace(" vs ","~").replace(" f32","s").replace(" f64","d")}={v}' for k,v in cells.items() if 'slab' in k and not k.startswith('?')))
    print('           bias', ' '.join(f'{k}={v}' for k,v in bias.items() if 'slab' in k and not k.startswith('?')))
