# Call 2: threads' slabs of one column a micro-tile beside the heuristic's (force2.txt), two rounds; the tuner on the same 13 problems.
set -u
B=.carry/b; P=.carry/p; W=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
export TAILOR_CACHE_DIR=/tmp/c2f TAILOR_DB=/tmp/none.db
for r in 1 2; do log forced round $r; B=$B timeout 200 bash $P/force.sh $P/force2.txt > $W/force2_$r.log 2>&1; done
log tune
timeout 150 $B/tailor-tune --suite $P/fam1.suite --db $W/tune2.db --budget-s 5 > $W/tune2.log 2>&1
$B/tailor-db --db $W/tune2.db list >> $W/tune2.log 2>&1
log done
cat $W/env.txt; grep -c GB/s $W/force2_1.log $W/force2_2.log; tail -15 $W/tune2.log
