#!/usr/bin/env bash
# Call 48: tune 16 mid/wide odd shapes (seed 4848) to see which families win over the heuristic.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
rm -f $OUT/t48.db
timeout 330 build-gpu/tailor-tune --suite .carry/tune48.txt --db $OUT/t48.db --budget-s 14 > $OUT/tune48.log 2> $OUT/tune48.err
tail -22 $OUT/tune48.log
timeout 30 build-gpu/tailor-db --db $OUT/t48.db export > $OUT/t48.jsonl 2>&1
