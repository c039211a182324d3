set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
(time timeout 200 $B/tests/tailor_gpu_tests -tc="*f32 one-matrix*,*two-buffer*,*narrow tiles*") > $OUT/gputests.log 2>&1
TAILOR_DB=/tmp/none.db timeout 300 $B/tailor-bench --suite .carry/after.txt --no-overhead --copy-mib 512 --json $OUT/after.jsonl > $OUT/after_bench.log 2>&1
PYTHONUNBUFFERED=1 timeout 180 python3 .carry/peers.py --suite .carry/after.txt --only torch --compare $OUT/after.jsonl > $OUT/after_peers.log 2>&1
date -u >> $OUT/env.txt
