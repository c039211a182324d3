#!/usr/bin/env bash
# Call 39: streaming ceilings with writes through bulk copies; two-buffer bulk-copied slabs forced on read-heavy products.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call39.log
echo "=== ceiling $(date +%T)" | tee $L
timeout 240 .carry/bin/stream_ceiling 2>&1 | tee -a $L
echo "=== forced $(date +%T)" | tee -a $L
bash .carry/forcerun.sh .carry/force39.txt 2 2>&1 | grep -v '^problem' | tee -a $L
echo "=== end $(date +%T)" | tee -a $L
