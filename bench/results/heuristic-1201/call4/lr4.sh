set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== forced ($(date +%T))" > $OUT/run.log
SKIP_GPU_TESTS=1 FORCE=.carry/force_lr4.txt timeout 280 bash bench/gpu_run.sh force build-gpu > /dev/null 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
TAILOR_DB=/tmp/none.db timeout 100 $B/tailor-bench --suite .carry/disp_lr4.txt --no-overhead --copy-mib 512 --json $OUT/disp.jsonl >> $OUT/run.log 2>&1
timeout 150 python3 .carry/peers.py --suite .carry/disp_lr4.txt --only torch,jax --out $OUT/peers.jsonl --compare $OUT/disp.jsonl > $OUT/peers.log 2>&1
echo "=== ncu ($(date +%T))" >> $OUT/run.log
for C in "tiled,t=96,minb=1,bm=48,bn=64,bk=8,vec=4,rm=8,rn=4,grid=0,st=4"; do
  timeout 100 ncu --clock-control none --kernel-name regex:tailor_f32 --launch-count 1 --section SpeedOfLight --section Occupancy --section SchedulerStats --metrics "regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed_pipe_lsu.sum,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum" $B/tailor-bench --shape 1229x44x567x59 --dtype f32 --config "$C" --reps 1 --per-rep 1 --no-overhead --copy-mib 64 >> $OUT/ncu.txt 2>&1
done
date -u >> $OUT/run.log
