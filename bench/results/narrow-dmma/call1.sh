set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
cat .carry/draw1.txt .carry/losers1.txt | grep -v '^#' > /tmp/all.txt
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== dispatch ($(date +%T))" > $OUT/run.log
TAILOR_DB=/tmp/none.db TAILOR_LOG=1 timeout 150 $B/tailor-bench --suite /tmp/all.txt --no-overhead --copy-mib 512 --json $OUT/disp.jsonl >> $OUT/run.log 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 200 python3 .carry/peers.py --suite /tmp/all.txt --only torch,jax --out $OUT/peers.jsonl --compare $OUT/disp.jsonl > $OUT/peers.log 2>&1
echo "=== tune ($(date +%T))" >> $OUT/run.log
timeout 230 $B/tailor-tune --suite /tmp/all.txt --db /tmp/t.db --budget-s 5 --candidates 600 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/t.db > $OUT/tuned.jsonl
date -u >> $OUT/run.log
