#!/usr/bin/env bash
# Call 2: the final run of the build with the sector rule (.carry/new): GPU tests, suite,
# tiny calls, peers, plots, tuning on first use, bench/outside_suite.txt through dispatch;
# then bench/outside_suite.txt under the build before the rule (.carry/b2), its own cache.
set -u
OUT=$OUT bash bench/gpu_run.sh final .carry/new > $OUT/final.out 2>&1
echo "=== outside the suite, build before the rule ($(date +%T))" >> $OUT/final.out
TAILOR_CACHE_DIR=/tmp/cache-old TAILOR_DB=/tmp/none.db timeout 120 .carry/b2/tailor-bench --suite bench/outside_suite.txt \
  --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/final.out
date -u >> $OUT/final.out
