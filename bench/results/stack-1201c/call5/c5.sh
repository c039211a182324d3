set -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== round 1" >> $OUT/forceW2.log
timeout 400 bash .carry/s/force.sh .carry/s/forceW2.txt >> $OUT/forceW2.log 2>&1
date -u >> $OUT/env.txt
