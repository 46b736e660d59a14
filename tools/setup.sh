#!/usr/bin/env bash
# Installs every Debian package tkc needs to build and test, idempotently.
# Run as root (or through sudo). Safe to run again: apt-get skips what is present.
set -euo pipefail

PACKAGES=(
  # LLVM/MLIR/lld 22: libraries, TableGen, lit, FileCheck, ld.lld, objdump.
  llvm-22-dev libmlir-22-dev mlir-22-tools lld-22 clang-22 llvm-22-tools
  # Bazel 4.2.3 (WORKSPACE mode) and the rule sets it needs offline.
  bazel-bootstrap bazel-skylib bazel-platforms bazel-rules-java bazel-rules-proto
  # C++ libraries used by tools and tests.
  libabsl-dev libgtest-dev libgmock-dev googletest
  # HIP headers for the AMD half of the launcher runtime.
  libamdhip64-dev
  # ROCm's device-library bitcode: ocml.bc (the AMD backend's math functions)
  # and ockl.bc (device printf).
  rocm-device-libs
  # Misc tools the build and tests call.
  zlib1g-dev libzstd-dev clang-format
  # libFuzzer runtime for tools/fuzz_parser.sh.
  libclang-rt-22-dev
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "setup.sh: must run as root (or have sudo)" >&2; exit 1; fi
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends "${PACKAGES[@]}"

if [ ! -x /usr/local/cuda/bin/ptxas ]; then
  echo "setup.sh: note: /usr/local/cuda/bin/ptxas not found; NVIDIA code generation" \
       "tests will fail until the CUDA toolkit is present" >&2
fi
echo "setup.sh: all packages present"
