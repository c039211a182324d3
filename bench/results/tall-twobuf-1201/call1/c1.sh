set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
log tall ab
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/n/tailor-bench-6bc; c=/tmp/c1_old; else bin=$B/tailor-bench; c=/tmp/c1_new; fi
  TAILOR_CACHE_DIR=$c timeout 120 $bin --suite .carry/n/tall1.txt --no-overhead --copy-mib 512 --json $OUT/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $OUT/ab.log
done; done
log draw
TAILOR_CACHE_DIR=/tmp/c1_new timeout 150 $B/tailor-bench --suite .carry/n/draw1.txt --no-overhead --copy-mib 512 --json $OUT/draw.jsonl > $OUT/draw.log 2>&1
log peers
cat .carry/n/tall1.txt .carry/n/draw1.txt > /tmp/p.txt
timeout 200 python3 .carry/peers.py --suite /tmp/p.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log vs
python3 .carry/n/vs.py $OUT/draw.jsonl $OUT/peers.jsonl > $OUT/vs_draw.txt
python3 .carry/n/vs.py $OUT/ab_new_2.jsonl $OUT/peers.jsonl > $OUT/vs_tall_new.txt
python3 .carry/n/vs.py $OUT/ab_old_2.jsonl $OUT/peers.jsonl > $OUT/vs_tall_old.txt
# the draw's problems behind or within 10 % of the best peer: tuned
python3 - $OUT/vs_draw.txt > /tmp/tune.txt <<'P'
import sys
for l in open(sys.argv[1]):
    w=l.split()
    if len(w)<6 or not w[-1].startswith('tailor') or float(w[-2].rstrip('x'))>=1.1: continue
    b,m,k,n=w[0].split('x'); f=w[2] if w[2].startswith('bcast') else ''
    print(b,m,k,n,w[1],f)
P
head -8 /tmp/tune.txt > /tmp/t8 && mv /tmp/t8 /tmp/tune.txt
cp /tmp/tune.txt $OUT/tune_in.txt
log tune
TAILOR_CACHE_DIR=/tmp/c1_tune timeout 150 $B/tailor-tune --suite /tmp/tune.txt --db /tmp/c1.db --budget-s 10 --candidates 500 > $OUT/tune.log 2>&1
log ncu
TAILOR_CACHE_DIR=/tmp/c1_new timeout 90 ncu --clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis -k regex:tailor_f64_tiled --launch-count 1 $B/tailor-bench --shape 1365x128x128x128 --dtype f64 --reps 1 --per-rep 1 --no-overhead --copy-mib 64 > $OUT/ncu128f64.txt 2>&1
log end
cat $OUT/env.txt; cat $OUT/vs_tall_old.txt | tail -1; cat $OUT/vs_tall_new.txt | tail -1; cat $OUT/vs_draw.txt; cat $OUT/tune_in.txt; grep -E "heuristic," $OUT/tune.log | head
