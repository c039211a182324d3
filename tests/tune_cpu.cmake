# tailor-tune --device cpu end to end (needs the CPU path, no GPU): tunes two small
# problems into a fresh database, which tailor-db then lists under the CPU's fingerprint,
# and tailor-bench --device cpu then serves from it (origin user); then tuning on first
# use (TAILOR_TUNE=1), and the next process served from what it stored.
# Run by ctest: cmake -DTUNE=... -DDB=... -DBENCH=... -DWORK=dir -P tune_cpu.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(db ${WORK}/tuning.db)
execute_process(COMMAND ${TUNE} --device cpu --shape 3000x3x25x1 --dtype f64 --db ${db} --budget-s 1 --threads 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "1 record\\(s\\) written" OR NOT out MATCHES "tailor_f64_cpu_m3k25n1")
  message(FATAL_ERROR "tailor-tune --device cpu failed (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${TUNE} --device cpu --shape 500x5x7x3 --dtype f32 --bcast B --beta 0.5 --db ${db}
                        --budget-s 1 --threads 1
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "500x5x7x3 f32 bcastB")
  message(FATAL_ERROR "tailor-tune --device cpu (broadcast, beta) failed (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${DB} list --db ${db} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCHALL "cpu,mats=" configs "${out}")
list(LENGTH configs n)
if(NOT rc EQUAL 0 OR NOT n EQUAL 2 OR NOT out MATCHES "cores  f64 3000x3x25x1")
  message(FATAL_ERROR "tailor-db list after tailor-tune --device cpu (${rc}, ${n} cpu records):\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env TAILOR_DB=${db}
                        ${BENCH} --device cpu --shape 3000x3x25x1 --dtype f64
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "3000x3x25x1 f64[^\n]* user +tailor_f64_cpu")
  message(FATAL_ERROR "tailor-bench --device cpu did not serve the tuned record (${rc}):\n${out}\n${err}")
endif()

# TAILOR_TUNE=1: a problem with no record is tuned on first use and stored; the next
# process finds it in the user database.
set(first ${WORK}/first-use.db)
foreach(want tuned user)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env TAILOR_TUNE=1 TAILOR_TUNE_BUDGET_S=1 TAILOR_DB=${first}
                          ${BENCH} --device cpu --shape 2000x3x7x2 --dtype f32 --reps 3 --copy-mib 16
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "2000x3x7x2 f32[^\n]* ${want} +tailor_f32_cpu_m3k7n2")
    message(FATAL_ERROR "TAILOR_TUNE=1, expected origin ${want} (${rc}):\n${out}\n${err}")
  endif()
endforeach()
