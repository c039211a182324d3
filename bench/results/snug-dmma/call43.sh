#!/usr/bin/env bash
# Call 43: the build without the trimmed last chunk (templates as in ae069d5): GPU tests; f64 set and sides next to powers of two through dispatch.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call43.log
echo "=== tests $(date +%T)" | tee $L
timeout 150 build-gpu/tests/tailor_gpu_tests 2>&1 | grep -E "ERROR|error|failed|Status|test cases|ran " | head -30 | tee -a $L
for r in 1 2; do
  echo "=== f64 set round $r $(date +%T)" | tee -a $L
  TAILOR_DB=/tmp/none.db timeout 200 build-gpu/tailor-bench --suite .carry/f64set.txt --copy-mib 512 --no-overhead --reps 5 --per-rep 10 --json $OUT/f64_rev_$r.jsonl 2>&1 | grep -v "^#" | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}' >> $L
done
echo "=== sides next to powers of two $(date +%T)" | tee -a $L
TAILOR_DB=/tmp/none.db timeout 120 build-gpu/tailor-bench --suite .carry/near2.txt --copy-mib 1024 --no-overhead --json $OUT/near2.jsonl 2>&1 | tee -a $L
echo "=== end $(date +%T)" | tee -a $L
