set -u
W=/tmp/w; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
TAILOR_CACHE_DIR=/tmp/c8 timeout 200 build-gpu/tailor-tune --suite .carry/n/tune8.txt --db /tmp/c8.db --budget-s 10 --candidates 500 > $W/tune.log 2>&1
date -u >> $W/env.txt
tar czf $OUT/c8.tgz -C $W .
cat $W/env.txt; grep -E "heuristic," $W/tune.log
