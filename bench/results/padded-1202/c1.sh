# Call 1: GPU tests of the padded rows (pr = 1) and the random sweep that now draws them;
# forced configs (force1.txt); tailor-tune with pr in the search space on odd shapes.
set -u
export TAILOR_CACHE_DIR=/tmp/c1c
B=.carry/b
$B/tests/tailor_gpu_tests -tc="*padded to 16-byte*,gpu sweep*" > $OUT/gpu_tests.log 2>&1; tail -4 $OUT/gpu_tests.log
SKIP_GPU_TESTS=1 FORCE=.carry/force.txt bash bench/gpu_run.sh force $B > /dev/null 2>&1
printf '41082 33 33 33 f32\n10340 65 65 65 f32\n20255 47 47 47 f32\n149131 17 17 17 f32\n30000 21 35 27 f32\n' > /tmp/odd.txt
TAILOR_DB=/tmp/none.db $B/tailor-tune --suite /tmp/odd.txt --db /tmp/odd.db --budget-s 16 --candidates 1000 > $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/odd.db > $OUT/odd.jsonl
grep -h "tailor_" $OUT/force.log | cut -c1-200
tail -20 $OUT/tune.log
