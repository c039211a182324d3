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
    timeout 30 "$bench" --shape "$shape" --dtype "$dtype" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
  done
}
echo "=== GPU tests, five processes ($(date +%T))" > $OUT/run.log
mkdir -p /tmp/gt
export TAILOR_CACHE_DIR=/tmp/tc
( time timeout 110 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 110 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 110 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 110 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 110 $T -tc="*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" >> $OUT/run.log
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
for r in 1 2; do
  echo "=== round $r old ($(date +%T))" >> $OUT/run.log
  echo "=== round $r old" >> $OUT/force_ep.log
  TAILOR_CACHE_DIR=/tmp/tc_old force .carry/old/tailor-bench .carry/forceH.txt >> $OUT/force_ep.log 2>&1
  echo "=== round $r new ($(date +%T))" >> $OUT/run.log
  echo "=== round $r new" >> $OUT/force_ep.log
  force $B/tailor-bench .carry/forceH.txt >> $OUT/force_ep.log 2>&1
done
date -u >> $OUT/run.log
