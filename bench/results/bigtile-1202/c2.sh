# Call 2: a draw of f32 mid-size products, the heuristic's pick beside widened micro-tiles and
# twice the matrices a slab (force2.txt); then tailor-tune (10 s each) with the widened search
# space on the seven cubes of call 1.
set -u
export TAILOR_CACHE_DIR=/tmp/c2c
B=.carry/b
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/gpu.txt
SKIP_GPU_TESTS=1 FORCE=.carry/force2.txt bash bench/gpu_run.sh force $B > /dev/null 2>&1
TAILOR_DB=/tmp/none.db $B/tailor-tune --suite .carry/mid.txt --db /tmp/mid.db --budget-s 10 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/mid.db > $OUT/mid.jsonl
grep -h "tailor_" $OUT/force.log | awk '{print $1, $3, $5, $NF}'
tail -12 $OUT/tune.log
