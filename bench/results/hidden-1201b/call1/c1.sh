set -u
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/run.log; }
log fold
for r in 1 2; do echo "=== round $r" >> $OUT/fold.log
  timeout 130 build-gpu/tailor-bench --suite .carry/n/foldF1.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/fold.log; done
log K3t
for r in 1 2; do echo "=== round $r" >> $OUT/force.log; timeout 70 bash .carry/n/force.sh .carry/n/forceK3t.txt >> $OUT/force.log 2>&1; done
log T48
for r in 1 2; do echo "=== round $r" >> $OUT/forceT.log; timeout 80 bash .carry/n/force.sh .carry/n/forceT48.txt >> $OUT/forceT.log 2>&1; done
log W48
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/w48.log
  if [ $side = old ]; then bin=.carry/n/oldE/tailor-bench; c=/tmp/tc_old; else bin=build-gpu/tailor-bench; c=/tmp/tc; fi
  TAILOR_CACHE_DIR=$c timeout 50 $bin --suite .carry/n/dispW48.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/w48.log
done; done
log end
date -u >> $OUT/env.txt
