W=$OUT
TAILOR_CACHE_DIR=/tmp/c5t timeout 140 .carry/p/tailor-tune --suite .carry/p/tune4.txt --db /tmp/c5.db --budget-s 7 --candidates 400 > $W/tune.log 2>&1
date -u >> $W/tune.log; tail -15 $W/tune.log | cut -c1-220
