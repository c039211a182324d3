# Call 1: f32 slab micro-tiles past 36 outputs, forced beside each shape's heuristic pick.
set -u
export TAILOR_CACHE_DIR=/tmp/c1c
B=.carry/b
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/gpu.txt
SKIP_GPU_TESTS=1 FORCE=.carry/force1.txt bash bench/gpu_run.sh force $B > /dev/null 2>&1
grep -h "tailor_\|copy" $OUT/force.log | cut -c1-220
