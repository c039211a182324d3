set -u
B=build-gpu
W=/tmp/w; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
export TAILOR_CACHE_DIR=/tmp/p1c
for r in 1 2; do log force1 round $r; timeout 240 bash .carry/p/force.sh .carry/p/force1.txt > $W/force1_$r.log 2>&1; done
for r in 1 2; do log tallk round $r; timeout 60 bash .carry/p/force.sh .carry/p/tallk.txt > $W/tallk_$r.log 2>&1; done
log dispatch
timeout 60 $B/tailor-bench --suite .carry/p/suite1.txt --no-overhead --copy-mib 512 --json $W/disp1.jsonl > $W/disp1.log 2>&1
log peers
timeout 120 python3 .carry/peers.py --suite .carry/p/suite1.txt --only torch,jax --out $W/peers1.jsonl > $W/peers1.out 2>&1
python3 .carry/p/vs.py $W/disp1.jsonl $W/peers1.jsonl > $W/vs1.txt 2>&1
log done
tar czf $OUT/p1.tgz -C $W .
cat $W/env.txt; tail -5 $W/vs1.txt
