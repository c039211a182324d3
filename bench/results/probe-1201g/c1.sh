# Call 1: GPU tests at HEAD, a fresh map (draw1 + near2) through dispatch beside torch and
# JAX, and tailor-tune on the problems found behind the best peer.
set -u
B=.carry/b; P=.carry/p; W=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
log GPU tests
mkdir -p /tmp/gt; T=$B/tests/tailor_gpu_tests; export TAILOR_CACHE_DIR=/tmp/gtc
g2="*(mma)*,*no vector stores*"; g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"; g5="*autotune*,*bulk-copied slabs*,*rows regrouped*"
( time timeout 240 $T -tc="gpu sweep*" ) > /tmp/gt/1.log 2>&1 &
( time timeout 240 $T -tc="$g2" ) > /tmp/gt/2.log 2>&1 &
( time timeout 240 $T -tc="$g3" ) > /tmp/gt/3.log 2>&1 &
( time timeout 240 $T -tce="gpu sweep*,$g2,$g3,$g5" ) > /tmp/gt/4.log 2>&1 &
( time timeout 240 $T -tc="$g5" ) > /tmp/gt/5.log 2>&1 &
wait; cat /tmp/gt/*.log > $W/gpu_tests.log
export TAILOR_CACHE_DIR=/tmp/mapc
log map through dispatch
TAILOR_DB=/tmp/none.db timeout 240 $B/tailor-bench --suite $P/map1.txt --no-overhead --copy-mib 512 --json $W/map1.jsonl > $W/map1.log 2>&1
log peers
PYTHONUNBUFFERED=1 timeout 240 python3 $P/peers.py --suite $P/map1.txt --only torch,jax --out $W/peers1.jsonl > $W/peers1.out 2>&1
python3 $P/vs.py $W/map1.jsonl $W/peers1.jsonl > $W/vs1.txt 2>&1
log tune the behind
awk '$1 ~ /^[0-9]+x/ && $(NF-1)+0 < 1.0 {print}' $W/vs1.txt | head -14 | awk '{split($1,d,"x"); f=($3 ~ /bcast/)?$3:""; print d[1],d[2],d[3],d[4],$2,f}' > $W/behind.txt
[ -s $W/behind.txt ] && TAILOR_DB=/tmp/none.db timeout 150 $B/tailor-tune --suite $W/behind.txt --db /tmp/t1.db --budget-s 7 --candidates 400 > $W/tune1.log 2>&1
log done
cat $W/env.txt; grep -E "test cases|assertions" $W/gpu_tests.log; tail -25 $W/vs1.txt; tail -16 $W/tune1.log | cut -c1-200
