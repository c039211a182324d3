# Call 4: the GPU tests on the build with the f32 DMMA rule (five processes); the rule
# through dispatch against the build of 35fa31e on ab4.suite (draw4.py seed 1208: 24 shapes
# it changes, 6 with an odd K it leaves alone), alternating, two rounds, shipped database
# only; then the suite's f32 cubes re-tuned with the shipped database's budgets.
set -u
B=.carry/b2
source <(sed -n '/^gpu_tests() {/,/^}/p' bench/gpu_run.sh)
timeout 280 bash -c "$(declare -f gpu_tests); B=$B; gpu_tests" > $OUT/gpu_tests.log 2>&1
tail -40 $OUT/gpu_tests.log
for r in 1 2; do
  for side in old new; do
    bb=$B/tailor-bench; [ $side = old ] && bb=.carry/b/tailor-bench
    TAILOR_CACHE_DIR=/tmp/c-$side timeout 80 $bb --suite .carry/ab4.suite --no-overhead --copy-mib 512 \
      --json $OUT/ab_${side}_$r.jsonl > /dev/null 2>&1
  done
done
python3 .carry/p/ab.py $OUT | tee $OUT/ab.txt
rm -f /tmp/cubes.db*
TAILOR_DB=/tmp/none.db timeout 40 $B/tailor-tune --shape 10922x64x64x64 --dtype f32 --db /tmp/cubes.db --budget-s 16 --candidates 1000 2>&1 | tail -2
TAILOR_DB=/tmp/none.db timeout 60 $B/tailor-tune --shape 2730x128x128x128 --dtype f32 --db /tmp/cubes.db --budget-s 33 --candidates 2000 2>&1 | tail -2
$B/tailor-db export --db /tmp/cubes.db > $OUT/cubes.jsonl
