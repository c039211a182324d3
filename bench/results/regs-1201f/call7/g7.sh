set -u
export TAILOR_CACHE_DIR=/tmp/g7c
date -u > $OUT/env.txt
B=build-gpu bash .carry/m/force.sh .carry/m/forceTall.txt > $OUT/force.log 2>&1
date -u >> $OUT/env.txt
grep -c . $OUT/force.log
