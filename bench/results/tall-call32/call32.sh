#!/usr/bin/env bash
# Call 32: tall matrices with short reductions: heuristic, bulk-copied slab, whole-column
# threads' slabs, forced side by side (two rounds); the tuner (4 s each) on the threads'-slab ones.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call32.log
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $L
bash .carry/forcerun.sh .carry/force32.txt 2 2>&1 | tee -a $L
echo "=== tune $(date +%T)" | tee -a $L
timeout 200 build-gpu/tailor-tune --suite .carry/tall_tune.txt --db /tmp/tall.db --budget-s 4 2>&1 | tail -30 | tee -a $L
TAILOR_DB=/tmp/tall.db timeout 60 build-gpu/tailor-bench --suite .carry/tall_tune.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}' | tee -a $L
build-gpu/tailor-db --db /tmp/tall.db list 2>&1 | tee -a $L
echo "=== end $(date +%T)" | tee -a $L
