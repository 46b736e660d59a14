#!/usr/bin/env bash
# Checks what triton_kernel(decorators = True, manifest = ...) compiled for
# rows.py (BUILD): the configs under the manifest's names in the header, the
# tuned table in the source, 2 specializations × 2 heuristic values per
# config and target, the "wide" config for sm_90a only, and the report.
set -euo pipefail

cd "${TEST_SRCDIR}/${TEST_WORKSPACE}/tests/manifest_rule"
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

grep -q '0 "narrow", 1 "wide"' rows.h || fail "rows.h does not name the configs narrow, wide"
grep -q 'INT64_C(4096)' rows.c || fail "rows.c has no tuned entry for n_cols = 4096"
count() { ls rows.variants | grep -c "$1" || true; }
[[ $(count '^config0\..*\.sm_80\.cubin$') == 4 ]] || fail "config0 (narrow): expected 4 sm_80 variants"
[[ $(count '^config0\..*\.sm_90a\.cubin$') == 4 ]] || fail "config0 (narrow): expected 4 sm_90a variants"
[[ $(count '^config1\..*\.sm_90a\.cubin$') == 4 ]] || fail "config1 (wide): expected 4 sm_90a variants"
[[ $(count '^config1\..*\.sm_80\.') == 0 ]] || fail "config1 (wide) is compiled for sm_80"
grep -qx 'sm_80: 4 variants, [0-9]* blob bytes' rows.variants.txt || fail "rows.variants.txt: $(cat rows.variants.txt)"
grep -qx 'sm_90a: 8 variants, [0-9]* blob bytes' rows.variants.txt || fail "rows.variants.txt: $(cat rows.variants.txt)"

if [[ $failures -ne 0 ]]; then
  exit 1
fi
echo PASS
