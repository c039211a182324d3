#!/usr/bin/env bash
# Call 56: where the heuristic leaves most outside the suite: the weakest shapes of the final
# run's outside-suite list and a fresh draw of their two families (small sides with long
# reductions; sides of 16-26 with short ones), each tuned for 8 s (the heuristic timed beside).
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
rm -f /tmp/t56.db*
timeout 200 build-gpu/tailor-tune --suite .carry/weak56.txt --db /tmp/t56.db --budget-s 8 --candidates 600 --fresh > $OUT/tune56.log 2>&1
timeout 200 build-gpu/tailor-tune --suite .carry/fresh56.txt --db /tmp/t56.db --budget-s 8 --candidates 600 --fresh >> $OUT/tune56.log 2>&1
build-gpu/tailor-db export --db /tmp/t56.db --out $OUT/tune56.jsonl
grep -E '^[0-9]+x.*x ' $OUT/tune56.log | tail -20
