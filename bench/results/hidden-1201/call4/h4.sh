set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== GPU tests, five processes ($(date +%T))" > $OUT/run.log
mkdir -p /tmp/gt
( time timeout 150 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 150 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 150 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 150 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 150 $T -tc="*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" >> $OUT/run.log
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
ab() {  # suite old_binary tag
  for r in 1 2; do
    for side in old new; do
      echo "=== round $r $side" >> $OUT/disp_ab_$3.log
      if [ $side = old ]; then bin=$2; c=/tmp/tc_old_$3; else bin=$B/tailor-bench; c=/tmp/tc; fi
      TAILOR_CACHE_DIR=$c timeout 60 $bin --suite $1 --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ab_$3.log
    done
  done
}
echo "=== ab K3 ($(date +%T))" >> $OUT/run.log
ab .carry/dispK3.txt .carry/old/tailor-bench K3
echo "=== ab Nb against 366b3cb ($(date +%T))" >> $OUT/run.log
ab .carry/dispNb.txt .carry/old366/tailor-bench Nb
echo "=== peers K3 ($(date +%T))" >> $OUT/run.log
timeout 60 python3 .carry/peers.py --suite .carry/dispK3.txt --only torch,jax --out $OUT/peersK3.jsonl > /dev/null 2>&1
date -u >> $OUT/run.log
