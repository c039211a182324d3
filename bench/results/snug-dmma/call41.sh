#!/usr/bin/env bash
# Call 41: GPU tests with the trimmed last K chunk; snug 72x72 tiles forced on 65^3 (new and previous build); odd mid shapes tuned.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call41.log
echo "=== tests $(date +%T)" | tee $L
timeout 150 build-gpu/tests/tailor_gpu_tests 2>&1 | grep -E "ERROR|error|failed|Status|test cases|ran " | head -30 | tee -a $L
echo "=== forced $(date +%T)" | tee -a $L
bash .carry/forcerun.sh .carry/force41.txt 2 2>&1 | grep -v '^problem' | tee -a $L
echo "=== previous build (full last chunk) $(date +%T)" | tee -a $L
mkdir -p /tmp/oldb && cp .carry/bin/tailor-bench-ae069d5 /tmp/oldb/tailor-bench
B=/tmp/oldb bash .carry/forcerun.sh .carry/force41old.txt 2 2>&1 | grep -v '^problem' | tee -a $L
echo "=== tune $(date +%T)" | tee -a $L
timeout 330 build-gpu/tailor-tune --suite .carry/oddmid.txt --db /tmp/tuned.db --budget-s 33 --candidates 3000 2>&1 | grep -A20 "^problem" | tee -a $L
build-gpu/tailor-db export --db /tmp/tuned.db > $OUT/tuned41.jsonl
echo "=== end $(date +%T)" | tee -a $L
