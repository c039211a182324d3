# Call 3: the suite with the re-tuned shipped database beside the peers (table, plots, tiny
# calls, tuning on first use), the one-column rule's picks beside what they replace (two
# rounds), then the GPU tests. Eight files: misc.log holds the small steps.
set -u
B=.carry/b
M=$OUT/misc.log
export TAILOR_CACHE_DIR=/tmp/c3c
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $M; date -u >> $M
step() { echo "=== $* ($(date +%T))" | tee -a $M; }
step suite benchmark
$B/tailor-bench --suite .carry/suite.txt --json $OUT/tailor.jsonl > $OUT/bench.log 2>&1
step tiny calls
$B/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $M 2>&1
step peers
PYTHONUNBUFFERED=1 python3 .carry/peers.py --suite .carry/suite.txt --out $OUT/peers.jsonl --compare $OUT/tailor.jsonl > $OUT/peers.log 2>&1
step plots
python3 bench/plot.py --tailor $OUT/tailor.jsonl --peers $OUT/peers.jsonl --out $OUT >> $M 2>&1
step one-column rule forced
F=.carry/force4.txt
for r in 1 2; do
  echo "--- round $r" >> $M
  awk '{print $1, $2}' $F | awk '!s[$0]++' | while read -r shape dtype; do
    args=(); while read -r s d c; do [ "$s $d" = "$shape $dtype" ] && args+=(--config "$c"); done < $F
    timeout 40 $B/tailor-bench --shape $shape --dtype $dtype --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
  done >> $M
done
step tuning on first use
rm -f /tmp/first-use.db*
for i in 1 2; do
  TAILOR_TUNE=1 TAILOR_TUNE_BUDGET_S=8 TAILOR_LOG=1 TAILOR_DB=/tmp/first-use.db $B/tailor-bench \
    --shape 300000x7x19x5 --dtype f32 --reps 5 --no-overhead --copy-mib 256 2>&1 | grep -v "^tailor: loaded" >> $M
done
step gpu tests
source <(sed -n '/^gpu_tests() {/,/^}/p' bench/gpu_run.sh)
gpu_tests > $OUT/gpu_tests.log 2>&1
step end
grep -A50 "vs best" $OUT/peers.log | tail -50; grep -E "test cases|assertions|Status" $OUT/gpu_tests.log; grep -E "tiny|bare|ratio" $M | head
