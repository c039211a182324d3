set -u
export TAILOR_CACHE_DIR=/tmp/tc
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
for r in 1 2; do
  SKIP_GPU_TESTS=1 FORCE=.carry/force_c6.txt timeout 200 bash bench/gpu_run.sh force build-gpu > /dev/null 2>&1
  mv $OUT/force.log $OUT/force_r$r.log
done
date -u >> $OUT/env.txt
TAILOR_DB=/tmp/none.db timeout 200 $B/tailor-tune --suite .carry/tune_c6.txt --db /tmp/t6.db --budget-s 20 --candidates 3000 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/t6.db > $OUT/tuned.txt 2>&1
date -u >> $OUT/env.txt
