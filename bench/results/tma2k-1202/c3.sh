#!/usr/bin/env bash
# Call 3: ab_mma.suite (20 f64 problems the tensor-core slab's sector rule moves) through
# dispatch under the build of cc01448 (.carry/new, old) and the build with that rule
# (.carry/new2), alternating, two rounds; then the GPU tests of the new build.
set -u
OUT=$OUT SKIP_GPU_TESTS=1 SUITE=.carry/ab_mma.suite OLD=.carry/new/tailor-bench ROUNDS=2 timeout 300 \
  bash bench/gpu_run.sh ab .carry/new2 > /dev/null 2>&1
source <(sed -n '/^gpu_tests() {/,/^}/p' bench/gpu_run.sh)
B=.carry/new2 gpu_tests > $OUT/gpu_tests.log 2>&1
date -u >> $OUT/gpu_tests.log
