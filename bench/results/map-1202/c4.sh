# Call 4 (build of 3646351): the broadcast problems of the map under 70 % of copy and eight
# fresh ones of the two families that lost to JAX, tuned (10 s, up to 1000 candidates each)
# into a fresh database: what the tuner finds against the heuristic.
set -u
export TAILOR_CACHE_DIR=/tmp/c4c
B=.carry/b
TAILOR_DB=/tmp/none.db $B/tailor-tune --suite .carry/bt.txt --db /tmp/bt.db --budget-s 10 --candidates 1000 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/bt.db > $OUT/bt.jsonl
tail -22 $OUT/tune.log
