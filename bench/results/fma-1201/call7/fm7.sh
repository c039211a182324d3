set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== GPU sweep ($(date +%T))" > $OUT/run.log
( time timeout 60 $T -tc="gpu sweep*" ) > $OUT/gpu_tests.log 2>&1
grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" $OUT/gpu_tests.log >> $OUT/run.log
for r in 1 2; do
  echo "=== round $r old ($(date +%T))" >> $OUT/run.log
  echo "=== round $r old" >> $OUT/disp_ep.log
  TAILOR_CACHE_DIR=/tmp/tc_old timeout 50 .carry/old/tailor-bench --suite .carry/dispV2.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ep.log
  echo "=== round $r new ($(date +%T))" >> $OUT/run.log
  echo "=== round $r new" >> $OUT/disp_ep.log
  timeout 50 $B/tailor-bench --suite .carry/dispV2.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ep.log
done
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 60 python3 .carry/peers.py --suite .carry/dispV2.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
