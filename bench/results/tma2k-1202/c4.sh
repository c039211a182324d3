#!/usr/bin/env bash
# Call 4: bench/outside_suite.txt through dispatch (shipped database only) under the build of
# cc01448 (.carry/new, old) and the build with the tensor-core slabs' rule (.carry/new2), one
# round each, old first.
set -u
export TAILOR_DB=/tmp/none.db
OUT=$OUT SKIP_GPU_TESTS=1 SUITE=bench/outside_suite.txt OLD=.carry/new/tailor-bench ROUNDS=1 timeout 250 \
  bash bench/gpu_run.sh ab .carry/new2 > /dev/null 2>&1
