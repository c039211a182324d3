# Call 3: the widened f32 micro-tiles in the heuristic, through dispatch against the build
# before (.carry/old), alternating, two rounds, a fresh draw (ab3.suite, seed 1205); then
# the GPU tests of the new build.
set -u
B=.carry/b
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/gpu.txt
export TAILOR_DB=/tmp/none.db
for r in 1 2; do
  for side in old new; do
    bench=$B/tailor-bench; [ $side = old ] && bench=.carry/old/tailor-bench
    TAILOR_CACHE_DIR=/tmp/cache-$side timeout 280 $bench --suite .carry/ab3.suite --no-overhead --copy-mib 512 \
      --json $OUT/ab_${side}_$r.jsonl > /dev/null 2>&1
  done
done
python3 bench/results/probe-1202/ab.py $OUT
source <(sed -n '/^gpu_tests() {/,/^}/p' bench/gpu_run.sh); gpu_tests > $OUT/gpu_tests.out 2>&1
tail -5 $OUT/gpu_tests.out
