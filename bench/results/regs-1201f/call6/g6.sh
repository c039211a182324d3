set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/g6c
log draw
timeout 100 $B/tailor-bench --suite .carry/m/drawG6.txt --no-overhead --copy-mib 512 --json $OUT/draw.jsonl > $OUT/draw.log 2>&1
log peers
timeout 110 python3 .carry/peers.py --suite .carry/m/drawG6.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log tune worst
python3 .carry/m/vs.py $OUT/draw.jsonl $OUT/peers.jsonl > $OUT/vs.txt
head -4 $OUT/vs.txt | awk '{split($1,d,"x"); print d[1], d[2], d[3], d[4], $2, ($3 ~ /bcast/ ? $3 : "")}' > /tmp/worst.txt
timeout 70 $B/tailor-tune --suite /tmp/worst.txt --db /tmp/g6.db --budget-s 10 --candidates 600 > $OUT/tune.log 2>&1
log end
cat $OUT/env.txt; cat $OUT/vs.txt; grep -E "heuristic, " $OUT/tune.log | sed -E 's/ +/ /g' | cut -c1-220
