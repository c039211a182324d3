#!/usr/bin/env bash
# Call 4: fam.suite (draw_fam.py seed 1616: 20 fresh f32 problems of sides 36-48 and K 15-40
# whose pick is an FMA slab of more than 128 threads) through dispatch with no database, the
# build of f37b2bd (.carry/new); then tailor-tune (12 s, up to 1000 candidates) on its first
# eight into a scratch database, and those eight through dispatch without and with it.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
B=.carry/new
date -u > $OUT/info.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $OUT/info.txt
TAILOR_DB=/tmp/none.db timeout 150 $B/tailor-bench --suite .carry/fam.suite --no-overhead --copy-mib 512 > $OUT/fam.log 2>&1
date -u >> $OUT/info.txt
timeout 200 $B/tailor-tune --suite .carry/fam8.suite --db /tmp/fam.db --budget-s 12 --candidates 1000 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/fam.db > $OUT/fam.jsonl 2>&1
date -u >> $OUT/info.txt
for r in 1 2; do
  echo "=== round $r none" >> $OUT/fam8.log
  TAILOR_DB=/tmp/none.db timeout 60 $B/tailor-bench --suite .carry/fam8.suite --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/fam8.log
  echo "=== round $r tuned" >> $OUT/fam8.log
  TAILOR_DB=/tmp/fam.db timeout 60 $B/tailor-bench --suite .carry/fam8.suite --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/fam8.log
done
date -u >> $OUT/info.txt
