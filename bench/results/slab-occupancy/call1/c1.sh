set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== dispatch ($(date +%T))" > $OUT/run.log
TAILOR_DB=/tmp/none.db timeout 120 $B/tailor-bench --suite .carry/draw1130.txt --no-overhead --copy-mib 512 --json $OUT/disp.jsonl >> $OUT/run.log 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 200 python3 .carry/peers.py --suite .carry/draw1130.txt --only torch,jax --out $OUT/peers.jsonl --compare $OUT/disp.jsonl > $OUT/peers.log 2>&1
echo "=== tune ($(date +%T))" >> $OUT/run.log
TAILOR_DB=/tmp/none.db timeout 230 $B/tailor-tune --suite .carry/draw1130.txt --db /tmp/t.db --budget-s 4 --candidates 400 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/t.db > $OUT/tuned.txt 2>&1
date -u >> $OUT/run.log
