set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
TAILOR_DB=/tmp/none.db TAILOR_LOG=1 timeout 150 $B/tailor-bench --suite .carry/suite5.txt --no-overhead --copy-mib 512 --json $OUT/f32.jsonl > $OUT/f32_bench.log 2>&1
PYTHONUNBUFFERED=1 timeout 100 python3 .carry/peers.py --suite .carry/suite5.txt --only torch --compare $OUT/f32.jsonl > $OUT/f32_peers.log 2>&1
(time timeout 300 $B/tests/tailor_gpu_tests) > $OUT/gputests.log 2>&1
date -u >> $OUT/env.txt
