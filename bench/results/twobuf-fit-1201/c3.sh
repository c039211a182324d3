set -u
B=build-gpu
W=/tmp/w; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
log GPU tests, five processes
mkdir -p /tmp/gt
T=$B/tests/tailor_gpu_tests
export TAILOR_CACHE_DIR=/tmp/c3tc
( time timeout 230 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 230 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 230 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 230 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*,*rows regrouped*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 230 $T -tc="*autotune*,*bulk-copied slabs*,*rows regrouped*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log > $W/gpu_tests.log
unset TAILOR_CACHE_DIR
log ab
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $W/ab.log
  if [ $side = old ]; then bin=.carry/p/tailor-bench-efd; else bin=$B/tailor-bench; fi
  TAILOR_CACHE_DIR=/tmp/c3_$side timeout 100 $bin --suite .carry/p/val3.txt --no-overhead --copy-mib 512 --json $W/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $W/ab.log
done; done
log ext3
for r in 1 2; do TAILOR_CACHE_DIR=/tmp/c3_new timeout 60 bash .carry/p/force.sh .carry/p/ext3.txt > $W/ext3_$r.log 2>&1; done
log sanitizer
for s in "1403x59x20x58 f32 B" "929x82x48x78 f32 A"; do set -- $s; for t in memcheck racecheck; do
  echo "--- $t $s" >> $W/san.log
  TAILOR_CACHE_DIR=/tmp/c3_new TAILOR_LOG=1 timeout 60 compute-sanitizer --tool $t --print-limit 5 $B/tailor-bench --shape $1 --dtype $2 --bcast $3 --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -E "SUMMARY|FAILED|ERROR|tailor:.*->" | head -4 >> $W/san.log
done; done
log peers
timeout 120 python3 .carry/peers.py --suite .carry/p/val3.txt --only torch,jax --out $W/peers.jsonl > $W/peers.out 2>&1
for s in old new; do python3 .carry/p/vs.py $W/ab_${s}_2.jsonl $W/peers.jsonl > $W/vs_$s.txt 2>&1; done
log done
tar czf $OUT/p3.tgz -C $W .
cat $W/env.txt; grep -E "test cases|assertions" $W/gpu_tests.log; tail -1 $W/vs_old.txt $W/vs_new.txt; cat $W/san.log | grep -c "0 errors"
