set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
log report test
TAILOR_CACHE_DIR=/tmp/g2t timeout 100 $B/tests/tailor_gpu_tests -tc="*resource report*" -s > $OUT/report_test.log 2>&1
log diag static vs shared libstdc++
for bin in $B/tailor-bench .carry/m/tailor-bench-sh; do echo "== $bin" >> $OUT/diag.log
  TAILOR_LOG=1 TAILOR_CACHE_DIR=/tmp/g2d_$RANDOM timeout 60 $bin --shape 49867x38x9x8 --dtype f64 --bcast A --reps 2 --no-overhead >> $OUT/diag.log 2>&1
done
log settle ab
printf "49867 38 9 8 f64 bcastA\n68933 102 34 4 f32 bcastA\n33422 79 23 11 f32 bcastA\n27573 119 17 10 f32 bcastA\n" > /tmp/s.txt
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/m/tailor-bench-039; c=/tmp/g2c_old; else bin=$B/tailor-bench; c=/tmp/g2c_new; fi
  TAILOR_LOG=1 TAILOR_CACHE_DIR=$c timeout 60 $bin --suite /tmp/s.txt --no-overhead --copy-mib 512 2>>$OUT/log_$side.txt | grep -v '^#' >> $OUT/ab.log
done; done
log tune probes
TAILOR_LOG=1 TAILOR_CACHE_DIR=/tmp/g2u timeout 240 $B/tailor-tune --suite .carry/m/tune2.txt --db /tmp/g2u.db --budget-s 12 --candidates 600 > $OUT/tune.log 2>&1
log end
cat $OUT/env.txt; grep -E "test cases|assertions|ERROR|CHECK" $OUT/report_test.log | head; grep -E "tailor:|->|^[0-9]" $OUT/diag.log | head; grep -v '^#' $OUT/ab.log | awk '{print $1,$2,$3,$5,$NF}'; grep -h "loaded" $OUT/log_new.txt | sort -u | head; grep -iE "tuned|best|heuristic" $OUT/tune.log | head -30
