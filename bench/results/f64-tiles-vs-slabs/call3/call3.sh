set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
export TAILOR_CACHE_DIR=/tmp/tc
SKIP_GPU_TESTS=1 FORCE=.carry/force5.txt timeout 150 bash bench/gpu_run.sh force build-gpu > $OUT/force5.log 2>&1
date -u >> $OUT/env.txt
TAILOR_DB=/tmp/none.db TAILOR_LOG=1 timeout 130 $B/tailor-bench --suite .carry/disp.txt --no-overhead --copy-mib 512 --json $OUT/disp.jsonl > $OUT/disp_bench.log 2>&1
date -u >> $OUT/env.txt
PYTHONUNBUFFERED=1 timeout 110 python3 .carry/peers.py --suite .carry/disp.txt --only torch --compare $OUT/disp.jsonl > $OUT/disp_peers.log 2>&1
date -u >> $OUT/env.txt
( time timeout 190 $T -tc="gpu sweep*" ) > $OUT/gt1.log 2>&1 &
( time timeout 190 $T -tc="*(mma)*" ) > $OUT/gt2.log 2>&1 &
( time timeout 190 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*" ) > $OUT/gt3.log 2>&1 &
( time timeout 190 $T -tce="gpu sweep*,*(mma)*,*two-buffer*,*one-matrix*,*off a multiple*" ) > $OUT/gt4.log 2>&1 &
wait
date -u >> $OUT/env.txt
cd $OUT && tar czf all.tgz --exclude all.tgz . && find . -type f ! -name all.tgz -delete
