#!/usr/bin/env bash
# Call 3: ab_mv2.suite (draw_ab_mv.py seed 1515: 24 fresh matrix-vector products the rule,
# now K of 15-96, moves) through dispatch under the build of a4716a8 (.carry/old) and the
# new one (.carry/new), alternating, two rounds (the GPU tests ran in call 2 on the build
# before the narrowing); then tailor-tune (12 s, up to 1000 candidates) on tune_big.suite,
# eight of call 2's large-CTA f32/f64 slabs at 41-82 % of copy, into a scratch database.
set -u
mkdir -p $OUT/ab
date -u > $OUT/dates.txt
SKIP_GPU_TESTS=1 OUT=$OUT/ab SUITE=.carry/ab_mv2.suite OLD=.carry/old/tailor-bench ROUNDS=2 timeout 330 bash bench/gpu_run.sh ab .carry/new > /dev/null 2>&1
date -u >> $OUT/dates.txt
export TAILOR_CACHE_DIR=/tmp/tailor-cache
timeout 200 .carry/new/tailor-tune --suite .carry/tune_big.suite --db /tmp/big.db --budget-s 12 --candidates 1000 > $OUT/tune.log 2>&1
.carry/new/tailor-db export --db /tmp/big.db > $OUT/big.jsonl 2>&1
date -u >> $OUT/dates.txt
cat $OUT/ab/env.txt $OUT/dates.txt > $OUT/info.txt; rm -f $OUT/dates.txt $OUT/ab/env.txt $OUT/ab/gpu_tests.log
