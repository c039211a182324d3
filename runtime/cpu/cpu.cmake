# The CPU path (runtime/cpu/): LLVM ORC JIT kernels on host data, the thread pool, CPU
# tuning and the host-or-device cost model. Included by the top CMakeLists.txt after the
# `tailor` library is defined. TAILOR_WITH_LLVM defaults to ON where LLVM 16 is found
# (Debian/Ubuntu llvm-16-dev: /usr/lib/llvm-16/lib/cmake/llvm); the library then links
# the shared libLLVM-16.so.1 (a portable build needs that file, not the headers, on the
# machine it runs on). Without it the CPU path answers with Error(device_unavailable).
find_package(LLVM 16 CONFIG QUIET HINTS /usr/lib/llvm-16/lib/cmake/llvm)
if(LLVM_FOUND)
  set(TAILOR_LLVM_DEFAULT ON)
else()
  set(TAILOR_LLVM_DEFAULT OFF)
endif()
option(TAILOR_WITH_LLVM "The CPU path: LLVM 16 ORC JIT (default ON where LLVM 16 is found)" ${TAILOR_LLVM_DEFAULT})

set(TAILOR_CPU_DIR ${CMAKE_CURRENT_LIST_DIR})
target_sources(tailor PRIVATE
  ${TAILOR_CPU_DIR}/cpu_info.cpp
  ${TAILOR_CPU_DIR}/cpu_plan.cpp
  ${TAILOR_CPU_DIR}/thread_pool.cpp
  ${TAILOR_CPU_DIR}/cpu_engine.cpp
  ${TAILOR_CPU_DIR}/cost_model.cpp
  ${TAILOR_CPU_DIR}/cpu_tune.cpp
  ${TAILOR_CPU_DIR}/host_router.cpp)

if(TAILOR_WITH_LLVM)
  if(NOT LLVM_FOUND)
    message(FATAL_ERROR "TAILOR_WITH_LLVM=ON but LLVM 16 was not found: install llvm-16-dev, set LLVM_DIR, "
                        "or configure with -DTAILOR_WITH_LLVM=OFF (no CPU path)")
  endif()
  if(NOT TARGET LLVM)
    message(FATAL_ERROR "TAILOR_WITH_LLVM: LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_DIR} has no shared libLLVM target")
  endif()
  message(STATUS "Tailor CPU path: LLVM ${LLVM_PACKAGE_VERSION} (${LLVM_DIR}), linked as the shared libLLVM")
  set_source_files_properties(${TAILOR_CPU_DIR}/cpu_jit.cpp PROPERTIES
    COMPILE_OPTIONS "-isystem;${LLVM_INCLUDE_DIRS}"
    COMPILE_DEFINITIONS "_GNU_SOURCE;__STDC_CONSTANT_MACROS;__STDC_FORMAT_MACROS;__STDC_LIMIT_MACROS")
  target_sources(tailor PRIVATE ${TAILOR_CPU_DIR}/cpu_jit.cpp)
  target_link_libraries(tailor PUBLIC LLVM)
  target_compile_definitions(tailor PUBLIC TAILOR_WITH_LLVM=1)
else()
  message(STATUS "Tailor CPU path: off (TAILOR_WITH_LLVM=OFF)")
  target_sources(tailor PRIVATE ${TAILOR_CPU_DIR}/cpu_jit_none.cpp)
endif()

# The peer harness (bench/cpu_peers.cpp): LIBXSMM and OpenBLAS, where installed
# (libxsmm-dev, libopenblas-dev). Not part of the library or the tests.
find_path(TAILOR_XSMM_INCLUDE libxsmm.h)
find_library(TAILOR_XSMM_LIB NAMES libxsmm.a xsmm)
find_library(TAILOR_OPENBLAS_LIB NAMES openblas PATH_SUFFIXES openblas-pthread)
find_path(TAILOR_CBLAS_INCLUDE cblas.h PATH_SUFFIXES x86_64-linux-gnu/openblas-pthread openblas)
if(TAILOR_WITH_LLVM AND TAILOR_XSMM_INCLUDE AND TAILOR_XSMM_LIB AND TAILOR_OPENBLAS_LIB AND TAILOR_CBLAS_INCLUDE)
  add_executable(tailor-cpu-peers ${PROJECT_SOURCE_DIR}/bench/cpu_peers.cpp ${PROJECT_SOURCE_DIR}/tools/bench_common.cpp)
  target_include_directories(tailor-cpu-peers PRIVATE ${PROJECT_SOURCE_DIR})
  target_include_directories(tailor-cpu-peers SYSTEM PRIVATE ${TAILOR_XSMM_INCLUDE} ${TAILOR_CBLAS_INCLUDE})
  target_link_libraries(tailor-cpu-peers PRIVATE tailor ${TAILOR_XSMM_LIB} ${TAILOR_OPENBLAS_LIB} rt m)
  target_compile_options(tailor-cpu-peers PRIVATE -Wall -Wextra)
else()
  message(STATUS "Tailor: tailor-cpu-peers not built (needs TAILOR_WITH_LLVM, libxsmm-dev and libopenblas-dev)")
endif()
