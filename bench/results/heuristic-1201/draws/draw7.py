import random,subprocess,re
random.seed(1206)
def dc(s,dt):
    return subprocess.run(['/tmp/dc3'],input=f"{s} {dt}\n",capture_output=True,text=True).stdout.split()
out=[];n=0;tries=0
while n<16 and tries<5000:
    tries+=1
    m=random.randint(40,128); nn=random.randint(40,128); k=random.randint(16,160)
    b=max(1,int(300e6/((m*k+k*nn+m*nn)*8)))
    s=f"{b}x{m}x{k}x{nn}"
    o=dc(s,'f64')
    if o[-2]!='heuristic' or 'bm=64,bn=64' not in o[-1] or 'st=3' not in o[-1] or 'minb=1' not in o[-1]: continue
    n+=1
    c=o[-1]
    out.append(f"{s} f64 {c}")
    out.append(f"{s} f64 "+c.replace('minb=1','minb=2').replace('st=3','st=4'))
    out.append(f"{s} f64 "+c.replace('minb=1','minb=2'))
    print(s,c)
open('/work/main/.carry/force_lr7.txt','w').write("\n".join(out)+"\n")
