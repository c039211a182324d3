#!/usr/bin/env bash
# Quick start, step 1: installs what is missing, builds, and runs the main job: the seed
# problem, (1000000, 3, 25) @ (1000000, 25, 1) in f64, through tailor-bench. On a machine
# with a GPU that is a checked, timed run; without one tailor-bench says so and shows what
# it can do there instead.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
./build/tailor-bench --shape 1000000x3x25x1 --dtype f64
