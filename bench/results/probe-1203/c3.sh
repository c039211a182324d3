set -u
W=$OUT; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
export TAILOR_CACHE_DIR=/tmp/c3 TAILOR_DB=/tmp/none.db
for r in 1 2; do B=.carry/b timeout 280 bash .carry/p/force.sh .carry/p/force3.txt > $W/force3_$r.log 2>&1; date -u >> $W/env.txt; done
