set -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
for r in 1 2; do echo "=== round $r $(date +%T)" >> $OUT/env.txt; echo "=== round $r" >> $OUT/forceD2.log
timeout 150 bash .carry/s/force.sh .carry/s/forceD2.txt >> $OUT/forceD2.log 2>&1; done
echo "=== gpu rows test $(date +%T)" >> $OUT/env.txt
timeout 150 build-gpu/tests/tailor_gpu_tests -tc="*rows regrouped*" > $OUT/gpu_rows.log 2>&1
date -u >> $OUT/env.txt
