set -u
B=build-gpu
W=/tmp/w; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
log tall ab three builds
for r in 1 2; do for side in old new ext; do echo "=== round $r $side" >> $W/ab.log
  case $side in old) bin=.carry/n/tailor-bench-6bc;; new) bin=$B/tailor-bench;; ext) bin=.carry/n/tailor-bench-ext;; esac
  TAILOR_CACHE_DIR=/tmp/c2_$side timeout 150 $bin --suite .carry/n/tall2.txt --no-overhead --copy-mib 512 --json $W/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $W/ab.log
done; done
log peers
timeout 150 python3 .carry/peers.py --suite .carry/n/tall2.txt --only torch,jax --out $W/peers.jsonl > $W/peers.out 2>&1
for s in old new ext; do python3 .carry/n/vs.py $W/ab_${s}_2.jsonl $W/peers.jsonl > $W/vs_$s.txt; done
log tune
TAILOR_CACHE_DIR=/tmp/c2_tune timeout 120 $B/tailor-tune --suite .carry/n/tune2.txt --db /tmp/c2.db --budget-s 8 --candidates 400 > $W/tune.log 2>&1
log ncu
TAILOR_CACHE_DIR=/tmp/c2_new timeout 120 ncu --clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis -k regex:tailor_f64_tiled --launch-count 1 $B/tailor-bench --shape 1365x128x128x128 --dtype f64 --reps 1 --per-rep 1 --no-overhead --copy-mib 64 > $W/ncu128f64.txt 2>&1
log end
tar czf $OUT/c2.tgz -C $W .
cat $W/env.txt; for s in old new ext; do tail -1 $W/vs_$s.txt; done; grep -E "heuristic," $W/tune.log | head; grep -E "Duration|Throughput|Registers|Achieved Occ|No Eligible|Theoretical Occ|Block Limit" $W/ncu128f64.txt | head -30
