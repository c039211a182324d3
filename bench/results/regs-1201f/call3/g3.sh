set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/g3c
log force minb
B=$B bash .carry/m/force.sh .carry/m/forceMinb.txt > $OUT/force.log 2>&1
log tune t32 slabs
timeout 200 $B/tailor-tune --suite .carry/m/tune3.txt --db /tmp/g3u.db --budget-s 6 --candidates 400 > $OUT/tune.log 2>&1
log end
cat $OUT/env.txt; grep -E "heuristic, " $OUT/tune.log | awk '{print $1,$2,$5,$8,$9}'
