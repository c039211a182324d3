# Call 3: f32 DMMA on a fresh draw of shapes with 16-byte rows (force3.txt by draw3.py seed
# 1207), forced beside the f32 heuristic's pick; then the tuner with f32 DMMA in its search
# space on the suite's f32 cubes 64^3 and 128^3 (the shipped database's budgets: 16 s and 1000
# candidates, 33 s and 2000).
set -u
B=.carry/b2
SKIP_GPU_TESTS=1 FORCE=.carry/force3.txt bash bench/gpu_run.sh force $B > /dev/null 2>&1
echo forced done
rm -f /tmp/cubes.db*
TAILOR_DB=/tmp/none.db timeout 60 $B/tailor-tune --shape 10922x64x64x64 --dtype f32 --db /tmp/cubes.db --budget-s 16 --candidates 1000 2>&1 | tail -3
TAILOR_DB=/tmp/none.db timeout 90 $B/tailor-tune --shape 2730x128x128x128 --dtype f32 --db /tmp/cubes.db --budget-s 33 --candidates 2000 2>&1 | tail -3
$B/tailor-db export --db /tmp/cubes.db > $OUT/cubes.jsonl
TAILOR_DB=/tmp/cubes.db $B/tailor-bench --suite .carry/cubes.suite --no-overhead --copy-mib 512 2>&1 | grep -v '^#'
