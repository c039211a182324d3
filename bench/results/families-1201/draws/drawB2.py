# Validation of the snug-tile change (the 1.5 padding bound lifted where the staged 64 x 64
# tile steps K by 8): f64 shapes whose pick the change moves (old dispatch_check /tmp/dcA,
# new /tmp/dcB), forced old pick against new.
import random,subprocess,sys
random.seed(int(sys.argv[1])); N_SHAPES=int(sys.argv[2])
def dc(tool,s): return subprocess.run([tool],input=f"{s} f64\n",capture_output=True,text=True).stdout.split()
out=[];shapes=[];n=0;tries=0
while n<N_SHAPES and tries<20000:
    tries+=1
    m=random.randint(40,70); nn=random.randint(40,70); k=random.choice([random.randint(8,200), 8*random.randint(1,25)])
    b=max(1,int(300e6/((m*k+k*nn+m*nn)*8)))
    s=f"{b}x{m}x{k}x{nn}"
    o=dc('/tmp/dcA',s); w=dc('/tmp/dcB',s)
    if o[-1]==w[-1] or o[-2]!='heuristic' or w[-2]!='heuristic': continue
    n+=1
    out+= [f"{s} f64 {o[-1]}", f"{s} f64 {w[-1]}"]
    shapes.append(f"{s.replace('x',' ')} f64")
    print(n,s,o[-1][:60],'->',w[-1][:70])
print('tries',tries)
open('/work/main/.carry/forceB2.txt','w').write("\n".join(out)+"\n")
open('/work/main/.carry/dispB2.txt','w').write("\n".join(shapes)+"\n")
