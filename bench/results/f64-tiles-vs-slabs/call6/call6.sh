set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
export TAILOR_CACHE_DIR=/tmp/tc
SKIP_GPU_TESTS=1 FORCE=.carry/force8.txt timeout 80 bash bench/gpu_run.sh force build-gpu > $OUT/force8.log 2>&1
rm -f $OUT/force.log $OUT/gpu_tests.log
TAILOR_DB=/tmp/none.db TAILOR_LOG=1 timeout 70 $B/tailor-bench --suite .carry/suite8.txt --no-overhead --copy-mib 512 --json $OUT/disp8.jsonl > $OUT/disp8_bench.log 2>&1
PYTHONUNBUFFERED=1 timeout 70 python3 .carry/peers.py --suite .carry/suite8.txt --only torch --compare $OUT/disp8.jsonl > $OUT/disp8_peers.log 2>&1
date -u >> $OUT/env.txt
mkdir -p /tmp/gt
( time timeout 280 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 280 $T -tc="*(mma)*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 280 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 280 $T -tce="gpu sweep*,*(mma)*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 280 $T -tc="*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt5.log 2>&1 &
wait
date -u >> $OUT/env.txt
cat /tmp/gt/gt*.log > $OUT/gputests.log
