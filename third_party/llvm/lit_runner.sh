#!/usr/bin/env bash
# Runs one lit test file under Bazel. Arguments: the test file, then the
# runfiles paths of the tools it needs (their directories go on PATH).
set -euo pipefail
test_file=$1
shift
tool_path=""
for tool in "$@"; do
  tool_path="$PWD/$(dirname "$tool"):$tool_path"
done
export PATH="$tool_path$PATH"
exec /usr/lib/llvm-22/bin/lit --verbose "$test_file"
