set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
(time timeout 200 $B/tests/tailor_gpu_tests -tc="*tall and wide*,*narrow tiles*") > $OUT/gputests.log 2>&1
TAILOR_DB=/tmp/none.db $B/tailor-bench --suite .carry/draw.txt --no-overhead --copy-mib 512 --json $OUT/draw.jsonl > $OUT/draw_bench.log 2>&1
PYTHONUNBUFFERED=1 timeout 200 python3 .carry/peers.py --suite .carry/draw.txt --only torch,jax --compare $OUT/draw.jsonl > $OUT/draw_peers.log 2>&1
timeout 280 $B/tailor-tune --suite .carry/draw.txt --db /tmp/t.db --budget-s 8 --candidates 1000 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/t.db > $OUT/tuned.jsonl
date -u >> $OUT/env.txt
