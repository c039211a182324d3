#!/usr/bin/env bash
# Call 60: all GPU tests at the last commit; the two outside-suite shapes whose dispatch the
# K > 64 rule changes, through dispatch.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
(time timeout 280 build-gpu/tests/tailor_gpu_tests) > $OUT/gputests60.log 2>&1
tail -6 $OUT/gputests60.log
printf '75376 5 80 7 f32\n37688 5 80 7 f64\n' > /tmp/two.txt
TAILOR_DB=/tmp/none.db timeout 40 build-gpu/tailor-bench --suite /tmp/two.txt --no-overhead --copy-mib 512 > $OUT/disp60.log 2>&1
cat $OUT/disp60.log
