set -u
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
for r in 1 2; do echo "=== round $r ($(date +%T))" >> $OUT/force5.log; timeout 240 bash .carry/n/force.sh .carry/n/force5.txt >> $OUT/force5.log 2>&1; done
date -u >> $OUT/env.txt
