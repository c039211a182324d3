#!/usr/bin/env bash
# Quick start, step 2: installs what is missing, builds, and runs the whole test suite.
# GPU tests (ctest label `gpu`) report "skipped" on a machine without a GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
cd build && ctest --output-on-failure -j"$(nproc)"
