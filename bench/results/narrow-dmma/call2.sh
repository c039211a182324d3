set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
SKIP_GPU_TESTS=1 FORCE=.carry/force2.txt timeout 200 bash bench/gpu_run.sh force build-gpu > /dev/null 2>&1
grep -v '^#' .carry/tune2.txt > /tmp/t2.txt
echo "=== tune ($(date +%T))" >> $OUT/run.log
timeout 330 $B/tailor-tune --suite /tmp/t2.txt --db /tmp/t.db --budget-s 6 --candidates 600 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/t.db > $OUT/tuned.jsonl
date -u >> $OUT/run.log
