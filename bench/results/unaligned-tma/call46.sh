#!/usr/bin/env bash
# Call 46: GPU tests (new: unaligned bulk-copied slabs), sanitizers on them, forced old vs new heuristic configs.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
(time timeout 200 build-gpu/tests/tailor_gpu_tests) > $OUT/gputests.log 2>&1
tail -5 $OUT/gputests.log
S=$OUT/sanitizer.log; : > $S
for cfg in "slab,t=128,minb=1,mats=1,vec=1,rm=6,rn=6,grid=0,cs=1,tma=1" "slab,t=128,minb=1,mats=1,vec=1,rm=6,rn=6,grid=3,st=2,cs=1,tma=1"; do
  for tool in memcheck racecheck synccheck; do
    echo "== $tool $cfg" >> $S
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 build-gpu/tailor-bench --shape 101x65x65x65 --dtype f32 --config $cfg --reps 1 --per-rep 1 --no-overhead --copy-mib 4 --beta 0.5 >> $S 2>&1; echo "rc $?" >> $S
  done
done
grep -E "^==|^rc|ERROR SUMMARY" $S
B=build-gpu timeout 300 bash .carry/forcerun.sh .carry/force46.txt 2 > $OUT/force46.log 2>&1
tail -3 $OUT/force46.log
