set -u
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== forced ($(date +%T))" > $OUT/run.log
SKIP_GPU_TESTS=1 FORCE=.carry/force1.txt timeout 330 bash bench/gpu_run.sh force build-gpu > /dev/null 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 200 python3 .carry/peers.py --suite .carry/disp1.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
