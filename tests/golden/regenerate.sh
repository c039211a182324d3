#!/usr/bin/env bash
# Regenerates the generator goldens from tests/golden/cases.txt with tailor-gen.
# Usage: tests/golden/regenerate.sh [BUILD_DIR]   (default: build)
# Review the diff (git diff tests/golden) before committing: every change is a change
# in generated code.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gen="${1:-build}/tailor-gen"
[ -x "$gen" ] || { echo "no $gen: build first (cmake --build ${1:-build})" >&2; exit 1; }
grep -v '^#' "$here/cases.txt" | grep -v '^\s*$' | while IFS='|' read -r name problem config; do
  name=$(echo "$name" | xargs); problem=$(echo "$problem" | xargs); config=$(echo "$config" | xargs)
  args=(--problem "$problem")
  [ "$config" != heuristic ] && args+=(--config "$config")
  "$gen" "${args[@]}" > "$here/$name.cu"
  echo "wrote tests/golden/$name.cu"
done
