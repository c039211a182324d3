#!/usr/bin/env bash
# The CPU path against its peers, in one run on this machine (issue 4, point 6): Tailor
# (1 thread and all threads), LIBXSMM, a loop of OpenBLAS calls (tailor-cpu-peers) and
# NumPy (bench/cpu_peers.py) on the suite scaled to host memory, then the table of
# bench/NOTES.md ("CPU path").
#   bench/cpu_peers.sh [BUILD_DIR] [OUT_DIR] [TUNE_SECONDS]
# TUNE_SECONDS > 0: each problem is first tuned on one thread (tune_cpu) into a fresh
# user database in OUT_DIR, which Tailor then uses; 0: the heuristic (and whatever
# $TAILOR_DB holds).
set -eu -o pipefail
B=${1:-build-cpu}
OUT=${2:-/tmp/tailor-cpu-peers}
TUNE=${3:-0}
SUITE=${SUITE:-../shared/bench/suite.txt}
PY=${PY:-/usr/bin/python3}   # Debian's python3 with python3-numpy
mkdir -p "$OUT"
{
  date -u +%Y-%m-%dT%H:%M:%SZ
  echo "commit: uncommitted, on top of $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  grep -m1 "model name" /proc/cpuinfo
  echo "cpus: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "command: bench/cpu_peers.sh $B $OUT $TUNE (SUITE=$SUITE)"
} | tee "$OUT/env.txt"
if [ "$TUNE" != 0 ]; then
  export TAILOR_DB="$OUT/cpu-tuning.db"
  rm -f "$TAILOR_DB"
  "$B/tailor-cpu-peers" --suite "$SUITE" --json "$OUT/peers.jsonl" --tune "$TUNE" 2>&1 | tee "$OUT/peers.log"
else
  "$B/tailor-cpu-peers" --suite "$SUITE" --json "$OUT/peers.jsonl" 2>&1 | tee "$OUT/peers.log"
fi
"$PY" bench/cpu_peers.py numpy --suite "$SUITE" --out "$OUT/numpy.jsonl" 2>&1 | tee "$OUT/numpy.log"
"$PY" bench/cpu_peers.py table --peers "$OUT/peers.jsonl" --numpy "$OUT/numpy.jsonl" | tee "$OUT/table.md"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/env.txt"
