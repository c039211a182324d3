# The staged C epilogue of DMMA tiles with odd N (C_VW = 1): f64 shapes whose heuristic pick
# (new dispatch_check /tmp/dcB) is a DMMA tile with N odd, timed by the old and new builds.
import random,subprocess,sys
random.seed(int(sys.argv[1])); N_SHAPES=int(sys.argv[2])
def dc(tool,s): return subprocess.run([tool],input=f"{s} f64\n",capture_output=True,text=True).stdout.split()
out=[];shapes=[];n=0;tries=0
while n<N_SHAPES and tries<5000:
    tries+=1
    m=random.randint(17,128); nn=2*random.randint(8,63)+1; k=random.choice([random.randint(4,48), random.randint(49,200)])
    b=max(1,int(300e6/((m*k+k*nn+m*nn)*8)))
    s=f"{b}x{m}x{k}x{nn}"
    w=dc('/tmp/dcB',s)
    if w[-2]!='heuristic' or not w[-1].startswith('tiled') or 'mma=1' not in w[-1] or 'grid=0' not in w[-1]: continue
    n+=1
    out.append(f"{s} f64 {w[-1]}")
    shapes.append(f"{s.replace('x',' ')} f64")
    print(n,s,w[-1])
print('tries',tries)
open('/work/main/.carry/forceE.txt','w').write("\n".join(out)+"\n")
open('/work/main/.carry/dispE.txt','w').write("\n".join(shapes)+"\n")
