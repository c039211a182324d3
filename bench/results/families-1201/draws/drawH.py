# The staged C epilogue of FMA tiles (C_VW = 1, N odd): f32 shapes whose plan through dispatch
# (/tmp/dcC: heuristic or a tuned neighbour) is an FMA tile with N odd, timed by the old and
# new builds.
import random,subprocess,sys
random.seed(int(sys.argv[1])); N_SHAPES=int(sys.argv[2])
def dc(s): return subprocess.run(['/tmp/dcC'],input=f"{s} f32\n",capture_output=True,text=True).stdout.split()
out=[];shapes=[];n=0;tries=0
while n<N_SHAPES and tries<3000:
    tries+=1
    m=random.choice([random.randint(3,16),random.randint(17,300)]); nn=2*random.randint(32,200)+1
    k=random.choice([random.randint(4,48),random.randint(49,300)])
    b=max(1,int(300e6/((m*k+k*nn+m*nn)*4)))
    s=f"{b}x{m}x{k}x{nn}"
    w=dc(s)
    if not w[-1].startswith('tiled') or 'mma=1' in w[-1] or 'grid=0' not in w[-1]: continue
    n+=1
    out.append(f"{s} f32 {w[-1]}")
    shapes.append(f"{s.replace('x',' ')} f32")
    print(n,s,w[-2],w[-1])
print('tries',tries)
open('/work/main/.carry/forceH.txt','w').write("\n".join(out)+"\n")
open('/work/main/.carry/dispH.txt','w').write("\n".join(shapes)+"\n")
