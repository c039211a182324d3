set -u
export TAILOR_CACHE_DIR=/tmp/tc B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
for r in 1 2; do echo "=== round $r ($(date +%T))" >> $OUT/forceD1.log; timeout 90 bash .carry/n/force.sh .carry/n/forceD1.txt >> $OUT/forceD1.log 2>&1; done
date -u >> $OUT/env.txt
