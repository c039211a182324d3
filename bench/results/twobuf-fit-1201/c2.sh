set -u
B=build-gpu
W=/tmp/w; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
log suite with TAILOR_LOG, shipped database
TAILOR_CACHE_DIR=/tmp/p2s TAILOR_LOG=1 timeout 120 $B/tailor-bench --suite .carry/suite.txt --no-overhead --copy-mib 512 > $W/suite.log 2>&1
export TAILOR_CACHE_DIR=/tmp/p2c
log force2 round 1; TAILOR_LOG=1 timeout 260 bash .carry/p/force.sh .carry/p/force2.txt > $W/force2_1.log 2>&1
log force2 round 2; timeout 150 bash .carry/p/force.sh .carry/p/force2.txt > $W/force2_2.log 2>&1
for r in 1 2; do log tallk2 round $r; timeout 60 bash .carry/p/force.sh .carry/p/tallk2.txt > $W/tallk2_$r.log 2>&1; done
log done
tar czf $OUT/p2.tgz -C $W .
cat $W/env.txt; grep -c "CTAs an SM" $W/suite.log $W/force2_1.log
