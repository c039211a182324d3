set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/tc
T=$B/tests/tailor_gpu_tests
log GPU test cols
( time timeout 150 $T -tc="*columns side by side*" ) > $OUT/gpu_cols.log 2>&1
for r in 1 2; do log force round $r; echo "=== round $r" >> $OUT/force.log
  timeout 170 bash .carry/m/force.sh .carry/m/forceCols.txt >> $OUT/force.log 2>&1
done
log peers
timeout 120 python3 .carry/peers.py --suite .carry/m/pCols.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log sanitizer
P="--shape 1001x67x45x3 --dtype f64 --bcast A --alpha 2.5 --beta 0.5 --reps 2 --no-overhead"
timeout 100 compute-sanitizer --tool memcheck $B/tailor-bench $P --config tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3,cols=7 > $OUT/sanitizer.log 2>&1
timeout 100 compute-sanitizer --tool racecheck $B/tailor-bench --shape 503x40x9x3 --dtype f32 --bcast A --alpha 2.5 --beta 0.5 --reps 2 --no-overhead --config tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=4,rm=8,rn=4,grid=1,st=4,cols=7 >> $OUT/sanitizer.log 2>&1
log end
grep -E "test cases|assertions|real|ERROR" $OUT/gpu_cols.log; grep -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/sanitizer.log
