#!/usr/bin/env bash
# Checks that no given ELF file needs the GPU driver, a GPU runtime, Python or
# LLVM at load time: tkc's libraries load the driver with dlopen, and nothing
# built from a kernel may need the compiler or an interpreter.
#
# Usage: check_no_driver_link.sh READELF FILES...
# Non-ELF files among FILES (scripts, runfiles manifests) are ignored.
set -euo pipefail
readelf=$1
shift
forbidden='libcuda|libcudart|libnvrtc|libamdhip|libhsa|libpython|libMLIR|libLLVM'
checked=0
for f in "$@"; do
  [ "$(head -c4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] || continue
  needed=$("$readelf" -d "$f" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')
  echo "$f needs: $(echo $needed)"
  if grep -qE "$forbidden" <<<"$needed"; then
    echo "FAIL: $f needs $(echo "$needed" | grep -E "$forbidden")" >&2
    exit 1
  fi
  checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || { echo "FAIL: no ELF file among: $*" >&2; exit 1; }
echo "PASS: $checked files, none needs $forbidden"
