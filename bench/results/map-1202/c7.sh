# Call 7: the GPU tests on the build with the shared-A rule, then skinny_f64.suite through
# dispatch (shipped database only) under the build of 3646351 (old) and this one (new),
# alternating, two rounds, then torch and JAX on the same problems.
set -u
export TAILOR_CACHE_DIR=/tmp/c7c
B=.carry/b
source <(sed -n '/^gpu_tests() {/,/^}/p' bench/gpu_run.sh)
L=$OUT/gpu_tests.log gpu_tests > $OUT/gpu_tests.log 2>&1
for r in 1 2; do
  for side in old new; do
    bin=$B/tailor-bench; [ $side = old ] && bin=.carry/old/tailor-bench
    TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/c7$side $bin --suite .carry/sk.suite --no-overhead --copy-mib 512 --json $OUT/ab_${side}_$r.jsonl > $OUT/ab_${side}_$r.log 2>&1
  done
done
timeout 200 python3 .carry/peers.py --suite .carry/sk.suite --only torch,jax --out $OUT/peers.jsonl --compare $OUT/ab_new_2.jsonl > $OUT/peers.log 2>&1
grep -E "test cases|assertions|FAILED|ERROR" $OUT/gpu_tests.log | tail -12
tail -14 $OUT/peers.log
