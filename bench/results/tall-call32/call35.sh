#!/usr/bin/env bash
# Call 35: outer products and K = 2 under 24 rows: threads' 2x2, bulk-copied slab, 1x4 row
# pieces, staged C (one 2x2 a thread), forced side by side, two rounds.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call35.log
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $L
bash .carry/forcerun.sh .carry/force35.txt 2 2>&1 | tee -a $L
echo "=== end $(date +%T)" | tee -a $L
