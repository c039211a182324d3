#!/usr/bin/env bash
# Installs the Debian packages Tailor builds with, where they are missing (needs root or
# sudo). The CUDA toolkit (nvcc headers and NVRTC) is expected at /usr/local/cuda.
set -euo pipefail
pkgs=(cmake make g++ pkg-config libsqlite3-dev libfmt-dev doctest-dev libcli11-dev nlohmann-json3-dev
      libxxhash-dev llvm-16-dev libopenblas-dev libxsmm-dev python3-numpy)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "deps: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -f /usr/local/cuda/include/nvrtc.h ]; then
  echo "deps: the CUDA toolkit is missing (expected /usr/local/cuda with nvrtc.h); install CUDA 13" >&2
  exit 1
fi
