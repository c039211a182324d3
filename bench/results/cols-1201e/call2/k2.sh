set -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
T=build-gpu/tests/tailor_gpu_tests
log GPU test cols
( time TAILOR_CACHE_DIR=/tmp/tcn timeout 150 $T -tc="*columns side by side*" ) > $OUT/gpu_cols.log 2>&1
for r in 1 2; do
  log force round $r new; echo "=== round $r" >> $OUT/force.log
  TAILOR_CACHE_DIR=/tmp/tcn B=build-gpu timeout 170 bash .carry/m/force.sh .carry/m/forceCols.txt >> $OUT/force.log 2>&1
  log force round $r old; echo "=== round $r" >> $OUT/force_old.log
  TAILOR_CACHE_DIR=/tmp/tco B=.carry/m/old timeout 170 bash .carry/m/force.sh .carry/m/forceCols.txt >> $OUT/force_old.log 2>&1
done
log sanitizer
B=build-gpu
timeout 100 compute-sanitizer --tool memcheck $B/tailor-bench --shape 1001x67x45x8 --dtype f64 --bcast A --alpha 2.5 --beta 0.5 --reps 2 --no-overhead --config tiled,t=192,minb=1,bm=72,bn=64,bk=8,vec=2,rm=3,rn=4,grid=0,mma=1,st=4,cols=8 > $OUT/sanitizer.log 2>&1
timeout 100 compute-sanitizer --tool racecheck $B/tailor-bench --shape 503x40x9x3 --dtype f32 --bcast A --alpha 2.5 --beta 0.5 --reps 2 --no-overhead --config tiled,t=96,minb=1,bm=48,bn=96,bk=8,vec=4,rm=8,rn=6,grid=0,cols=64 >> $OUT/sanitizer.log 2>&1
timeout 100 compute-sanitizer --tool racecheck $B/tailor-bench --shape 1001x67x45x8 --dtype f64 --bcast A --alpha 2.5 --beta 0.5 --reps 2 --no-overhead --config tiled,t=64,minb=1,bm=16,bn=32,bk=8,vec=2,rm=2,rn=2,grid=0,mma=1,cols=4 >> $OUT/sanitizer.log 2>&1
log end
grep -E "test cases|assertions|real|ERROR" $OUT/gpu_cols.log; grep -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/sanitizer.log; grep -c ERROR $OUT/force.log
