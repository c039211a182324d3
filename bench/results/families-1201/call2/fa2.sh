set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
force() {  # force BENCH FILE: every config of each problem of FILE timed side by side
  local bench=$1 F=$2
  grep -vE '^#|^\s*$' "$F" | awk '{print $1, $2}' | sort -u | while read -r shape dtype; do
    args=()
    while read -r s d config; do
      [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && args+=(--config "$config")
    done < <(grep -vE '^#|^\s*$' "$F")
    "$bench" --shape "$shape" --dtype "$dtype" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
  done
}
echo "=== GPU tests, five processes ($(date +%T))" > $OUT/run.log
mkdir -p /tmp/gt
export TAILOR_CACHE_DIR=/tmp/tc
( time timeout 150 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 150 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 150 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 150 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 150 $T -tc="*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" >> $OUT/run.log
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
for r in 1 2; do
  echo "=== epilogue round $r: old build ($(date +%T))" >> $OUT/run.log
  echo "=== round $r old" >> $OUT/force_ep.log
  TAILOR_CACHE_DIR=/tmp/tc_old timeout 100 force .carry/old/tailor-bench .carry/forceEp.txt >> $OUT/force_ep.log 2>&1
  echo "=== epilogue round $r: new build ($(date +%T))" >> $OUT/run.log
  echo "=== round $r new" >> $OUT/force_ep.log
  timeout 100 force $B/tailor-bench .carry/forceEp.txt >> $OUT/force_ep.log 2>&1
done
echo "=== slabs beside the new tile, snug tiles ($(date +%T))" >> $OUT/run.log
timeout 60 force $B/tailor-bench .carry/forceA2.txt > $OUT/force_a2.log 2>&1
timeout 80 force $B/tailor-bench .carry/forceB2.txt > $OUT/force_b2.log 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 150 python3 .carry/peers.py --suite .carry/disp2.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
