set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== ncu ($(date +%T))" > $OUT/run.log
M="regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed_pipe_lsu.sum,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed_pipe_fmaheavy.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,sm__warps_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum,launch__registers_per_thread,launch__occupancy_limit_registers"
for J in "2730x128x128x128 -" \
         "523x134x274x261 tiled,t=64,minb=2,bm=32,bn=128,bk=8,vec=4,rm=8,rn=8,grid=0,st=4" \
         "523x128x272x256 tiled,t=64,minb=2,bm=32,bn=128,bk=8,vec=4,rm=8,rn=8,grid=0,st=4" \
         "1503x113x157x119 tiled,t=225,minb=1,bm=120,bn=120,bk=8,vec=4,rm=8,rn=8,grid=0,st=4" \
         "1825x249x14x143 tiled,t=128,minb=1,bm=64,bn=128,bk=8,vec=4,rm=8,rn=8,grid=0,st=4"; do
  set -- $J
  extra=(); [ "$2" != "-" ] && extra=(--config "$2")
  echo "### $J" >> $OUT/ncu.txt
  timeout 60 ncu --clock-control none --kernel-name regex:tailor_f32 --launch-count 1 --metrics "$M" $B/tailor-bench --shape $1 --dtype f32 "${extra[@]}" --reps 1 --per-rep 1 --no-overhead --copy-mib 64 2>&1 | grep -vE "^==PROF==|^#|^problem" >> $OUT/ncu.txt
done
date -u >> $OUT/run.log
