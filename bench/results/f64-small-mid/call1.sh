set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
TAILOR_DB=/tmp/none.db TAILOR_LOG=1 timeout 90 $B/tailor-bench --suite .carry/draw.txt --no-overhead --copy-mib 512 --json $OUT/draw.jsonl > $OUT/draw_bench.log 2>&1
date -u >> $OUT/env.txt
PYTHONUNBUFFERED=1 timeout 90 python3 .carry/peers.py --suite .carry/draw.txt --only torch --compare $OUT/draw.jsonl > $OUT/draw_peers.log 2>&1
date -u >> $OUT/env.txt
timeout 170 $B/tailor-tune --suite .carry/draw.txt --db /tmp/t.db --budget-s 7 --candidates 1000 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/t.db > $OUT/tuned.jsonl
date -u >> $OUT/env.txt
# The GPU test binary in four processes (the sweep, the mma slabs, the two new cases, the rest).
( time timeout 230 $T -tc="gpu sweep*" ) > $OUT/gt1.log 2>&1 &
( time timeout 230 $T -tc="*(mma)*" ) > $OUT/gt2.log 2>&1 &
( time timeout 230 $T -tc="*two-buffer*,*one-matrix*" ) > $OUT/gt3.log 2>&1 &
( time timeout 230 $T -tce="gpu sweep*,*(mma)*,*two-buffer*,*one-matrix*" ) > $OUT/gt4.log 2>&1 &
wait
date -u >> $OUT/env.txt
