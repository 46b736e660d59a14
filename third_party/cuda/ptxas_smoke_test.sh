#!/usr/bin/env bash
# Checks that @cuda//:ptxas, as declared to Bazel, runs and is a CUDA 12+ ptxas.
set -euo pipefail
out=$("$1" --version)
echo "$out"
echo "$out" | grep -Eq 'release (1[2-9]|[2-9][0-9])\.' || {
  echo "error: expected ptxas from CUDA 12 or later" >&2; exit 1; }
