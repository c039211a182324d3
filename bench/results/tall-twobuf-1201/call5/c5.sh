set -u
W=/tmp/w; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
export TAILOR_CACHE_DIR=/tmp/c5c
B=build-gpu bash .carry/n/force.sh .carry/n/force5.txt > $W/force.log 2>&1
date -u >> $W/env.txt
tar czf $OUT/c5.tgz -C $W .
cat $W/env.txt; grep -c . $W/force.log; grep -iE "error|fail" $W/force.log | head
