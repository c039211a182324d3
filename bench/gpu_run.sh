#!/usr/bin/env bash
# Everything one call to the GPU machine does, writing logs under $OUT:
#   bench/gpu_run.sh MODE [BUILD_DIR]
# MODE: check    GPU tests, the suite benchmark, config exploration, compute-sanitizer
#       final    GPU tests, the suite benchmark and the peers in one run
# The build is made on the development machine (cmake -DTAILOR_PORTABLE=ON -B build-gpu)
# and carried; bench/peers.py and suite.txt are carried in .carry/.
set -u -o pipefail
MODE=${1:-check}
B=${2:-build-gpu}
OUT=${OUT:-/tmp/tailor-out}
mkdir -p "$OUT"
export TAILOR_CACHE_DIR=/tmp/tailor-cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv | tee "$OUT/env.txt"
git rev-parse HEAD 2>/dev/null | tee -a "$OUT/env.txt"
ldd "$B/tailor-bench" | grep -E "nvrtc|not found" | tee -a "$OUT/env.txt"
date -u | tee -a "$OUT/env.txt"
step() { echo; echo "=== $* ($(date +%T))"; }
if [ "$MODE" = check ] || [ "$MODE" = final ]; then
  step gpu tests
  (time "$B/tests/tailor_gpu_tests") 2>&1 | tail -25 | tee "$OUT/gpu_tests.log"
  step suite benchmark
  "$B/tailor-bench" --suite .carry/suite.txt --json "$OUT/tailor.jsonl" 2>&1 | tee "$OUT/bench.log"
fi
if [ "$MODE" = check ]; then
  step explore
  bench/explore.sh "$B" 2>&1 | tee "$OUT/explore.log"
  step compute-sanitizer
  (for t in memcheck racecheck; do
    for shape in "1000x3x25x1 f64" "999x8x8x8 f32" "37x33x33x33 f32" "5x100x37x65 f64"; do
      set -- $shape
      echo "--- $t $1 $2"
      compute-sanitizer --tool $t --print-limit 5 "$B/tailor-bench" --shape $1 --dtype $2 --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|problem|error" | head -5
    done
  done) 2>&1 | tee "$OUT/sanitizer.log"
fi
if [ "$MODE" = final ]; then
  step peers
  PYTHONUNBUFFERED=1 python3 .carry/peers.py --suite .carry/suite.txt --out "$OUT/peers.jsonl" --compare "$OUT/tailor.jsonl" 2>&1 | tee "$OUT/peers.log"
fi
step done
