set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== forced ($(date +%T))" > $OUT/run.log
SKIP_GPU_TESTS=1 FORCE=.carry/force_lr2.txt timeout 300 bash bench/gpu_run.sh force build-gpu > /dev/null 2>&1
cp /tmp/tailor-out/force.log $OUT/force.log
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 200 python3 .carry/peers.py --suite .carry/disp_lr2.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
