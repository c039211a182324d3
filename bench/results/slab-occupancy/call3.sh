set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
(time timeout 200 $B/tests/tailor_gpu_tests -tc="*two-buffer slabs*,*slabs on the FP64 tensor cores (mma)*") > $OUT/gputests.log 2>&1
SKIP_GPU_TESTS=1 FORCE=.carry/force3.txt timeout 330 bash bench/gpu_run.sh force build-gpu > $OUT/force3.log 2>&1
TAILOR_DB=/tmp/none.db timeout 60 $B/tailor-bench --suite .carry/suite3.txt --no-overhead --copy-mib 512 --json $OUT/d3.jsonl > $OUT/d3_bench.log 2>&1
PYTHONUNBUFFERED=1 timeout 150 python3 .carry/peers.py --suite .carry/suite3.txt --only torch --compare $OUT/d3.jsonl > $OUT/d3_peers.log 2>&1
