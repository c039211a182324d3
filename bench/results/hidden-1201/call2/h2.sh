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
echo "=== sanitizer ($(date +%T))" >> $OUT/run.log
for tool in memcheck racecheck; do
  for sc in "1003x30x27x10 f64 A slab,t=64,minb=1,mats=6,vec=2,rm=6,rn=5,grid=0,cs=1,tma=1" "1001x33x33x33 f32 B slab,t=160,minb=1,mats=4,vec=4,rm=11,rn=3,grid=2,st=2,cs=1,tma=1" "1001x36x8x54 f64 A slab,t=192,minb=1,mats=2,vec=2,rm=1,rn=4,grid=0,cs=1,tma=1,mma=1"; do
    set -- $sc
    echo "--- $tool $1 $2 $3 $4" >> $OUT/run.log
    timeout 60 compute-sanitizer --tool $tool --print-limit 5 $B/tailor-bench --shape $1 --dtype $2 --bcast $3 --config $4 --beta 0.5 --alpha 2.5 --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -E "SUMMARY|FAILED|ERROR|forced" | head -5 >> $OUT/run.log
  done
done
echo "=== force Bc ($(date +%T))" >> $OUT/run.log
grep -vE '^#|^\s*$' .carry/forceBc.txt | awk '{print $1, $2, $3}' | sort -u | while read -r shape dtype flag; do
  args=()
  while read -r s d f config _; do
    [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && [ "$f" = "$flag" ] && args+=(--config "$config")
  done < <(grep -vE '^#|^\s*$' .carry/forceBc.txt)
  timeout 30 $B/tailor-bench --shape "$shape" --dtype "$dtype" --bcast "${flag#bcast}" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
done > $OUT/forceBc.log 2>&1
echo "=== ab map H + Bc through dispatch ($(date +%T))" >> $OUT/run.log
cat .carry/dispH.txt .carry/dispBc.txt | grep -v '^#' > /tmp/abH.txt
for r in 1 2; do
  for side in old new; do
    echo "=== round $r $side" >> $OUT/disp_ab.log
    if [ $side = old ]; then bin=.carry/old/tailor-bench; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
    TAILOR_CACHE_DIR=$c timeout 60 $bin --suite /tmp/abH.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ab.log
  done
done
echo "=== peers Bc ($(date +%T))" >> $OUT/run.log
timeout 60 python3 .carry/peers.py --suite .carry/dispBc.txt --only torch,jax --out $OUT/peersBc.jsonl > $OUT/peersBc.log 2>&1
echo "=== tune weak ($(date +%T))" >> $OUT/run.log
timeout 130 $B/tailor-tune --suite .carry/weakH.txt --db $OUT/weak.db --budget-s 9 > $OUT/tune.log 2>&1
echo "=== weak heuristic vs tuned ($(date +%T))" >> $OUT/run.log
for r in 1 2; do
  TAILOR_DB=/tmp/none.db timeout 30 $B/tailor-bench --suite .carry/weakH.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/weak_heur.log
  TAILOR_DB=$OUT/weak.db timeout 30 $B/tailor-bench --suite .carry/weakH.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/weak_tuned.log
done
date -u >> $OUT/run.log
