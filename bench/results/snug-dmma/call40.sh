#!/usr/bin/env bash
# Call 40: sides next to powers of two (16/17, 32/33, 64/65) through dispatch; the odd ones tuned, then again with the tuned database.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call40.log
echo "=== dispatch, shipped $(date +%T)" | tee $L
TAILOR_DB=/tmp/none.db timeout 120 build-gpu/tailor-bench --suite .carry/near2.txt --copy-mib 1024 --no-overhead 2>&1 | tee -a $L
echo "=== tune $(date +%T)" | tee -a $L
timeout 330 build-gpu/tailor-tune --suite .carry/near2_tune.txt --db /tmp/tuned.db --budget-s 45 --candidates 3000 2>&1 | tail -30 | tee -a $L
echo "=== tuned $(date +%T)" | tee -a $L
TAILOR_DB=/tmp/tuned.db timeout 120 build-gpu/tailor-bench --suite .carry/near2.txt --copy-mib 1024 --no-overhead 2>&1 | tee -a $L
build-gpu/tailor-db list --db /tmp/tuned.db 2>&1 | tee -a $L; build-gpu/tailor-db export --db /tmp/tuned.db > $OUT/tuned40.jsonl
echo "=== end $(date +%T)" | tee -a $L
