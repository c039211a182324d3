#!/usr/bin/env bash
# Call 47: fresh draw where the 40 KB rule changes the config (old vs new, forced, 2 rounds); 64/65 pairs through dispatch.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
B=build-gpu timeout 330 bash .carry/forcerun.sh .carry/force47.txt 2 > $OUT/force47.log 2>&1
TAILOR_DB=/tmp/none.db timeout 120 build-gpu/tailor-bench --suite .carry/near2.txt --copy-mib 512 --no-overhead --json $OUT/near2.jsonl > $OUT/near2.log 2>&1
cat $OUT/near2.log | grep -v "^#" | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}'
