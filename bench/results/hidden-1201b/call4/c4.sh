set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/run.log; }
log GPU test: rows regrouped
( time timeout 200 $B/tests/tailor_gpu_tests -tc="*rows regrouped*" ) >> $OUT/run.log 2>&1
log tune
timeout 300 $B/tailor-tune --suite .carry/n/tune4.txt --db /tmp/t4.db --budget-s 8 > $OUT/tune.log 2>&1
log tuned through dispatch beside the heuristic
for r in 1 2; do
  echo "=== round $r heuristic" >> $OUT/tuned_ab.log
  TAILOR_DB=/tmp/none.db timeout 60 $B/tailor-bench --suite .carry/n/tune4.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/tuned_ab.log
  echo "=== round $r tuned" >> $OUT/tuned_ab.log
  TAILOR_DB=/tmp/t4.db timeout 60 $B/tailor-bench --suite .carry/n/tune4.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/tuned_ab.log
done
log end
date -u >> $OUT/env.txt
