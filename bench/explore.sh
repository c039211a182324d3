#!/usr/bin/env bash
# Times hand-picked configs of both families on a few representative shapes, one
# tailor-bench process per shape (inputs prepared once, every config checked and timed).
# Used to learn which knobs matter before writing the heuristic and the search space.
# Usage: bench/explore.sh BUILD_DIR
set -u
B=${1:-build}
run() { local shape=$1 dtype=$2; shift 2; local args=(); for c in "$@"; do args+=(--config "$c"); done
  "$B/tailor-bench" --shape "$shape" --dtype "$dtype" --no-overhead "${args[@]}" | grep -v '^#' | grep -v '^problem'; }
s() { echo "slab,t=$1,minb=$2,mats=$3,vec=$4,rm=$5,rn=$6,grid=$7"; }
t() { echo "tiled,t=$1,minb=$2,bm=$3,bn=$4,bk=$5,rm=$6,rn=$7,grid=$8"; }
echo "# seed f64 3x25x1"
run 1000000x3x25x1 f64 "$(s 96 1 30 2 1 1 0)" "$(s 128 4 32 2 1 1 0)" "$(s 256 2 32 2 1 1 0)" "$(s 256 4 32 2 1 1 0)" \
  "$(s 256 2 64 2 1 1 0)" "$(s 512 2 64 2 1 1 0)" "$(s 256 4 16 2 1 1 0)" "$(s 128 8 16 2 1 1 0)" "$(s 256 4 32 1 1 1 0)" \
  "$(s 256 4 32 2 1 1 4)" "$(s 128 8 16 2 1 1 8)"
echo "# f32 3x32x1 (padded rows)"
run 1000000x3x32x1 f32 "$(s 128 4 64 4 1 1 0)" "$(s 256 4 64 4 1 1 0)" "$(s 256 2 128 4 1 1 0)" "$(s 256 4 64 2 1 1 0)" \
  "$(s 128 8 32 4 1 1 0)"
echo "# f32 3x25x1"
run 1000000x3x25x1 f32 "$(s 128 4 64 4 1 1 0)" "$(s 256 4 64 4 1 1 0)" "$(s 256 2 128 4 1 1 0)" "$(s 128 8 32 4 1 1 0)"
echo "# f32 2x2x2"
run 4000000x2x2x2 f32 "$(s 256 4 512 4 1 1 0)" "$(s 256 2 1024 4 1 1 0)" "$(s 128 8 256 4 1 1 0)" "$(s 256 4 256 4 2 2 0)" \
  "$(s 256 4 512 4 2 2 0)" "$(s 256 4 512 4 1 2 0)"
echo "# f64 2x2x2"
run 4000000x2x2x2 f64 "$(s 256 4 256 2 1 1 0)" "$(s 256 4 256 2 2 2 0)" "$(s 128 8 128 2 1 1 0)" "$(s 256 2 512 2 1 2 0)"
echo "# f32 8x8x8"
run 699050x8x8x8 f32 "$(s 256 4 32 4 2 2 0)" "$(s 256 4 64 4 2 2 0)" "$(s 128 4 32 4 4 4 0)" "$(s 256 4 16 4 1 1 0)" \
  "$(s 256 4 32 4 2 4 0)" "$(s 256 2 64 4 4 4 0)"
echo "# f32 33x33x33"
run 41082x33x33x33 f32 "$(s 256 2 2 1 4 4 0)" "$(s 128 4 1 1 4 4 0)" "$(s 256 2 4 1 4 4 0)" "$(s 128 4 2 1 3 3 0)" \
  "$(t 256 1 64 64 16 4 4 0)" "$(t 128 2 32 32 11 2 4 0)" "$(t 256 2 48 48 11 3 3 0)"
echo "# f64 32x32x32"
run 21845x32x32x32 f64 "$(s 256 2 2 2 4 4 0)" "$(s 128 4 1 2 4 4 0)" "$(t 256 1 32 32 8 2 2 0)" "$(t 64 4 32 32 8 4 4 0)"
echo "# f32 128^3"
run 2730x128x128x128 f32 "$(t 256 1 64 64 16 4 4 0)" "$(t 256 1 128 128 8 8 8 0)" "$(t 256 2 128 64 16 8 4 0)" "$(t 256 1 64 64 32 4 4 0)"
echo "# f64 128^3"
run 1365x128x128x128 f64 "$(t 256 1 64 64 8 4 4 0)" "$(t 256 1 64 64 16 4 4 0)" "$(t 256 1 128 64 8 8 4 0)" "$(t 256 2 64 64 8 4 4 0)"
