#!/usr/bin/env bash
# Call 1: the pair (cluster of two CTAs sharing B's chunks) GPU test, sanitizers on two
# pair kernels, then forced configs (force1.txt) in order and reversed.
set -u
B=.carry/b2
date -u
"$B/tests/tailor_gpu_tests" -tc="*pair*" 2>&1 | tail -4
for tool in memcheck synccheck racecheck; do
  for sc in "97x61x50x33 f64 tiled,t=128,minb=1,bm=32,bn=64,bk=8,vec=2,rm=4,rn=2,grid=0,mma=1,st=5,pair=1" \
            "60x128x128x128 f64 tiled,t=256,minb=1,bm=64,bn=128,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=4,pair=1"; do
    set -- $sc
    echo "--- $tool $1 $2 $3"
    timeout 100 compute-sanitizer --tool $tool --print-limit 5 "$B/tailor-bench" --shape $1 --dtype $2 --config $3 \
      --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -E "SUMMARY|FAILED|ERROR|rror" | head -5
  done
done
export SKIP_GPU_TESTS=1
mkdir -p $OUT/a $OUT/b
OUT=$OUT/a FORCE=.carry/force1.txt bash bench/gpu_run.sh force $B > /dev/null 2>&1
OUT=$OUT/b FORCE=.carry/force1r.txt bash bench/gpu_run.sh force $B > /dev/null 2>&1
cat $OUT/a/env.txt; cat $OUT/a/force.log; echo "=== reversed"; cat $OUT/b/force.log
date -u
