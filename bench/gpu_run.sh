#!/usr/bin/env bash
# Everything one call to the GPU machine does, writing logs under $OUT:
#   bench/gpu_run.sh MODE [BUILD_DIR]
# MODE: check    GPU tests, the suite benchmark, config exploration, compute-sanitizer
#       tune     GPU tests, tailor-tune over the suite into a fresh database (exported as
#                JSON lines: the shipped database), the suite benchmark with it, the tiny-call
#                test, compute-sanitizer on a few kernels
#       extras   the tiny-call test, compute-sanitizer on new kernels, and the CPU path on this
#                machine (.carry/llvm/tailor-bench: LLVM linked, the host-or-device sweep)
#       final    GPU tests, a re-tune of .carry/retune.txt into a user database, the suite
#                benchmark (shipped + user database), the tiny-call test, the peers in the same
#                run, the plots, tuning on first use, and bench/outside_suite.txt through
#                dispatch with the shipped database only
#       ship     GPU tests, tailor-tune over the suite into a fresh database (exported: the
#                shipped database), the suite benchmark with it, the tiny-call test, the
#                peers, the plots, tuning on first use
#       force    GPU tests, then FORCE (a file of "shape dtype config" lines, default
#                .carry/force.txt; anything after the config, such as "# regs 141", is
#                ignored): every config timed beside the others of its problem, one
#                tailor-bench process per problem
#       ab       GPU tests, then the problems of SUITE (a suite file) through dispatch under
#                the old build OLD (default .carry/old/tailor-bench, its own cache) and this
#                one, alternating, ROUNDS times (default 2), into $OUT/disp_ep.log with a
#                "=== round R old|new" line before each (bench/results/families-1201/ep.py
#                pairs them)
#       last     the tiny-call test; the suite with nothing but the shipped database; tuning on
#                first use (TAILOR_TUNE=1) and the second process that finds the record; the GPU
#                tests; the host-or-device sweep
# The build is made on the development machine (cmake -DTAILOR_PORTABLE=ON -B build-gpu)
# and carried; bench/peers.py and suite.txt are carried in .carry/.
# SKIP_GPU_TESTS=1 leaves the GPU tests out (when they already ran on the same build); TESTS
# names the GPU test binary where it is not $BUILD_DIR/tests/tailor_gpu_tests.
set -u -o pipefail
MODE=${1:-check}
B=${2:-build-gpu}
OUT=${OUT:-/tmp/tailor-out}
BUDGET=${BUDGET:-5}
mkdir -p "$OUT"
export TAILOR_CACHE_DIR=/tmp/tailor-cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv | tee "$OUT/env.txt"
ldd "$B/tailor-bench" | grep -E "nvrtc|not found" | tee -a "$OUT/env.txt"
date -u | tee -a "$OUT/env.txt"
step() { echo; echo "=== $* ($(date +%T))"; }
# The suite tuned into database $1 in three tiers of budget (what the shipped records were
# tuned with): BUDGET s for the small problems (M under 25), 16 s and up to 1000 candidates
# for sides of 25-63, 33 s and up to 2000 for 64 and more. tailor-tune times the records
# that serve each problem now (shipped, user, neighbour) right after the heuristic, so a
# record is replaced only by a config timed faster in the same run.
tune_suite() {
  local db=$1 t
  t=$(mktemp -d)
  grep -vE '^#|^\s*$' .carry/suite.txt > "$t/all.txt"
  awk '$2 < 25' "$t/all.txt" > "$t/small.txt"
  awk '$2 >= 25 && $2 < 64' "$t/all.txt" > "$t/mid.txt"
  awk '$2 >= 64' "$t/all.txt" > "$t/large.txt"
  "$B/tailor-tune" --suite "$t/small.txt" --db "$db" --budget-s "$BUDGET"
  "$B/tailor-tune" --suite "$t/mid.txt" --db "$db" --budget-s 16 --candidates 1000
  "$B/tailor-tune" --suite "$t/large.txt" --db "$db" --budget-s 33 --candidates 2000
  rm -rf "$t"
}
sanitize() {
  local t shape dims dtype
  for t in memcheck racecheck; do
    for shape in "$@"; do
      dims=${shape% *}; dtype=${shape#* }
      echo "--- $t $dims $dtype"
      compute-sanitizer --tool $t --print-limit 5 "$B/tailor-bench" --shape "$dims" --dtype "$dtype" --reps 1 \
        --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -E "SUMMARY|FAILED|ERROR" | head -5
    done
  done
}
# Two processes with TAILOR_TUNE=1 and an empty user database on a problem outside the
# suite: the first tunes it (origin tuned), the second finds the record (origin user).
first_use() {
  rm -f /tmp/first-use.db*
  for i in 1 2; do
    TAILOR_TUNE=1 TAILOR_TUNE_BUDGET_S=8 TAILOR_LOG=1 TAILOR_DB=/tmp/first-use.db "$B/tailor-bench" \
      --shape 300000x7x19x5 --dtype f32 --reps 5 --no-overhead --copy-mib 256 2>&1 | grep -v "^tailor: loaded"
  done
}
# The suite benchmark (its database: TAILOR_DB if set, else the shipped one), the tiny-call
# test, the peers in the same run, the plots, and tuning on first use; small logs to $L.
measure() {
  step suite benchmark
  "$B/tailor-bench" --suite .carry/suite.txt --json "$OUT/tailor.jsonl" 2>&1 | tee "$OUT/bench.log"
  step tiny calls | tee -a "$L"
  "$B/tailor-bench" --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 2>&1 | tee -a "$L"
  step peers
  PYTHONUNBUFFERED=1 python3 .carry/peers.py --suite .carry/suite.txt --out "$OUT/peers.jsonl" \
    --compare "$OUT/tailor.jsonl" 2>&1 | tee "$OUT/peers.log"
  step plots
  python3 bench/plot.py --tailor "$OUT/tailor.jsonl" --peers "$OUT/peers.jsonl" --out "$OUT" 2>&1 | tail -3
  step tuning on first use | tee -a "$L"
  first_use 2>&1 | tee -a "$L"
}
# The GPU test binary (TESTS, default $B/tests/tailor_gpu_tests) in six processes at once (the
# sweep, the mma cases, the newer cases, the slow ones, the f32 DMMA ones, the rest): about 3
# minutes on the H100 (2026-12-07, 27 test cases), where one process took over 300 s with
# fewer cases.
gpu_tests() {
  local t="${TESTS:-$B/tests/tailor_gpu_tests}" d
  d=$(mktemp -d)
  local g2="*(mma)*,*no vector stores*" g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"
  local g5="*autotune*,*bulk-copied slabs*,*rows regrouped*,*odd rows or a shared operand*"
  local g6="*f32 on the FP64 tensor cores*,*shared operand in two buffers*,*resource report*,*DMMA tiles for f64 outputs*"
  (time "$t" -tc="gpu sweep*") > "$d/1.log" 2>&1 &
  (time "$t" -tc="$g2") > "$d/2.log" 2>&1 &
  (time "$t" -tc="$g3") > "$d/3.log" 2>&1 &
  (time "$t" -tce="gpu sweep*,$g2,$g3,$g5,$g6") > "$d/4.log" 2>&1 &
  (time "$t" -tc="$g5") > "$d/5.log" 2>&1 &
  (time "$t" -tc="$g6") > "$d/6.log" 2>&1 &
  wait
  cat "$d"/*.log | grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real"
  rm -rf "$d"
}
if [ "$MODE" != extras ] && [ "$MODE" != last ] && [ -z "${SKIP_GPU_TESTS:-}" ]; then
  step gpu tests
  gpu_tests 2>&1 | tee "$OUT/gpu_tests.log"
else
  echo "GPU tests not run (SKIP_GPU_TESTS)" > "$OUT/gpu_tests.log"
fi
case "$MODE" in
  check)
    step suite benchmark
    "$B/tailor-bench" --suite .carry/suite.txt --json "$OUT/tailor.jsonl" 2>&1 | tee "$OUT/bench.log"
    step explore
    bench/explore.sh "$B" 2>&1 | tee "$OUT/explore.log"
    step compute-sanitizer
    sanitize "1000x3x25x1 f64" "999x8x8x8 f32" "37x33x33x33 f32" "5x100x37x65 f64" 2>&1 | tee "$OUT/sanitizer.log"
    ;;
  tune)
    step tune the suite, budgets of $BUDGET, 16 and 33 s per problem
    rm -f /tmp/tailor-tune.db*
    tune_suite /tmp/tailor-tune.db 2>&1 | tee "$OUT/tune.log"
    "$B/tailor-db" export --db /tmp/tailor-tune.db > "$OUT/shipped.jsonl"
    step suite benchmark with the tuned database
    TAILOR_DB=/tmp/tailor-tune.db "$B/tailor-bench" --suite .carry/suite.txt --json "$OUT/tailor.jsonl" 2>&1 | tee "$OUT/bench.log"
    ;;
  extras)
    step tiny calls
    "$B/tailor-bench" --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 2>&1 | tee "$OUT/tiny.log"
    step compute-sanitizer
    sanitize "1000x3x32x1 f32" "37x64x64x64 f64" "5x128x128x128 f32" 2>&1 | tee "$OUT/sanitizer.log"
    step CPU path with LLVM on this machine
    (ldd .carry/llvm/tailor-bench | grep -E "LLVM|not found"
     timeout 120 .carry/llvm/tailor-bench --device cpu --shape 200000x3x25x1 --dtype f64 --no-overhead
     timeout 240 .carry/llvm/tailor-bench --host-sweep) 2>&1 | tee "$OUT/llvm.log"
    ;;
  final)
    # One log for the small steps (8 files come back at most).
    L="$OUT/run.log"
    cat "$OUT/env.txt" "$OUT/gpu_tests.log" >> "$L"; rm -f "$OUT/env.txt" "$OUT/gpu_tests.log"
    if [ -f .carry/retune.txt ]; then
      step re-tune .carry/retune.txt, budget ${RETUNE_BUDGET:-10} s per problem | tee -a "$L"
      rm -f /tmp/tailor-extra.db*
      "$B/tailor-tune" --suite .carry/retune.txt --db /tmp/tailor-extra.db --budget-s "${RETUNE_BUDGET:-10}" 2>&1 | tee -a "$L"
      "$B/tailor-db" export --db /tmp/tailor-extra.db > "$OUT/retuned.jsonl"
      export TAILOR_DB=/tmp/tailor-extra.db
    fi
    measure
    step shapes outside the suite through dispatch, shipped database only | tee -a "$L"
    TAILOR_DB=/tmp/none.db "$B/tailor-bench" --suite bench/outside_suite.txt --no-overhead --copy-mib 512 2>&1 |
      grep -v '^#' | tee -a "$L"
    if [ -f .carry/profile.txt ]; then
      step ncu on .carry/profile.txt | tee -a "$L"
      grep -v '^#' .carry/profile.txt | while read -r shape dtype config; do
        echo "--- $shape $dtype $config"
        timeout 60 ncu --clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats \
          --section MemoryWorkloadAnalysis -k regex:"tailor_f(32|64)" --launch-skip 3 --launch-count 1 \
          "$B/tailor-bench" --shape "$shape" --dtype "$dtype" ${config:+--config "$config"} --reps 3 --per-rep 1 \
          --no-overhead --copy-mib 16 2>&1 |
          grep -vE "^==PROF==|^ *-+ *-+|^\s*$" | head -90
      done 2>&1 | tee -a "$L"
    fi
    ;;
  ship)
    # tune + final in one call: the suite tuned into a fresh database (seeded with the records
    # that serve it now, the embedded shipped ones included; exported as JSON lines: the new
    # shipped database), then measured with it beside the peers.
    L="$OUT/run.log"
    cat "$OUT/env.txt" "$OUT/gpu_tests.log" >> "$L"; rm -f "$OUT/env.txt" "$OUT/gpu_tests.log"
    step tune the suite, budgets of $BUDGET, 16 and 33 s per problem | tee -a "$L"
    rm -f /tmp/tailor-ship.db*
    tune_suite /tmp/tailor-ship.db 2>&1 | tee -a "$L"
    "$B/tailor-db" export --db /tmp/tailor-ship.db > "$OUT/shipped.jsonl"
    export TAILOR_DB=/tmp/tailor-ship.db
    measure
    ;;
  force)
    F=${FORCE:-.carry/force.txt}
    step forced configs from "$F" | tee -a "$OUT/force.log"
    grep -vE '^#|^\s*$' "$F" | awk '{print $1, $2}' | sort -u | while read -r shape dtype; do
      args=()
      while read -r s d config _; do
        [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && args+=(--config "$config")
      done < <(grep -vE '^#|^\s*$' "$F")
      timeout 120 "$B/tailor-bench" --shape "$shape" --dtype "$dtype" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 |
        grep --line-buffered -v '^#'
    done 2>&1 | tee -a "$OUT/force.log"
    ;;
  ab)
    OLD=${OLD:-.carry/old/tailor-bench}
    for r in $(seq 1 "${ROUNDS:-2}"); do
      for side in old new; do
        bench=$B/tailor-bench cache=/tmp/tailor-cache
        [ "$side" = old ] && bench=$OLD cache=/tmp/tailor-cache-old
        echo "=== round $r $side" >> "$OUT/disp_ep.log"
        step round "$r" "$side"
        TAILOR_CACHE_DIR=$cache timeout 300 "$bench" --suite "$SUITE" --no-overhead --copy-mib 512 2>&1 |
          grep --line-buffered -v '^#' >> "$OUT/disp_ep.log"
      done
    done
    ;;
  last)
    step tiny calls
    "$B/tailor-bench" --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 2>&1 | tee "$OUT/last.log"
    step the suite with only the shipped database | tee -a "$OUT/last.log"
    TAILOR_DB=/tmp/none.db "$B/tailor-bench" --suite .carry/suite.txt --json "$OUT/tailor.jsonl" 2>&1 | tee "$OUT/bench.log"
    step tuning on first use | tee -a "$OUT/last.log"
    first_use 2>&1 | tee -a "$OUT/last.log"
    step GPU tests | tee -a "$OUT/last.log"
    gpu_tests 2>&1 | tee -a "$OUT/last.log"
    step host or device | tee -a "$OUT/last.log"
    timeout 60 "$B/tailor-bench" --host-sweep --suite .carry/suite.txt 2>&1 | tee -a "$OUT/last.log"
    ;;
esac
step done
