set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
SKIP_GPU_TESTS=1 FORCE=.carry/force4.txt timeout 330 bash bench/gpu_run.sh force build-gpu > $OUT/force4.log 2>&1
date -u >> $OUT/env.txt
timeout 120 $B/tailor-tune --suite .carry/near.txt --db /tmp/n.db --budget-s 25 --candidates 2000 > $OUT/tune_near.log 2>&1
$B/tailor-db export --db /tmp/n.db > $OUT/tuned_near.jsonl
date -u >> $OUT/env.txt
