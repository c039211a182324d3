# Call 2: f32 on the FP64 tensor cores, forced (force1.txt by mkforce.py): each shape's
# f32 heuristic pick beside DMMA slabs and tiles on widened f32 operands; tailor-bench checks
# each against its float64 reference before timing. Then compute-sanitizer memcheck on two.
set -u
B=.carry/b2
SKIP_GPU_TESTS=1 FORCE=.carry/force1.txt bash bench/gpu_run.sh force $B > /dev/null 2>&1
grep -v '^\s*$' $OUT/force.log | tail -150
for c in "3772x77x77x77 slab,t=480,minb=1,mats=1,vec=1,rm=2,rn=1,grid=1,st=2,cs=1,tma=1,mma=1" \
         "1000x65x65x65 tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=4,rm=4,rn=4,grid=0,mma=1,st=3,k8=1"; do
  set -- $c
  timeout 120 compute-sanitizer --tool memcheck $B/tailor-bench --shape $1 --dtype f32 --config $2 --reps 1 --per-rep 1 \
    --no-overhead --copy-mib 16 2>&1 | tail -3
done
