#!/usr/bin/env bash
# Summarises a `bazel test` log as "N passed, N failed, N skipped".
#
# Usage: tools/bazel_test_summary.sh LOG BAZEL_EXIT_CODE
#
# Each test target counts once. A target that passed counts as skipped when
# every test case in its test.xml was skipped (GTEST_SKIP, e.g. GPU tests on a
# machine without a GPU). Targets that failed, timed out, failed to build or
# got no status count as failed. If Bazel failed before reporting any test,
# that counts as one failure. Exits 0 only if nothing failed.
set -uo pipefail
log=$1
bazel_rc=$2
testlogs=$(bazel info bazel-testlogs 2>/dev/null)

passed=0 failed=0 skipped=0
while read -r target status; do
  case "$status" in
    PASSED)
      pkg=${target#//}; pkg=${pkg%%:*}; name=${target##*:}
      xml="$testlogs/$pkg/$name/test.xml"
      cases=0 skips=0
      if [ -f "$xml" ]; then
        cases=$(grep -c '<testcase ' "$xml")
        skips=$(grep -c 'result="skipped"' "$xml")
      fi
      if [ "$cases" -gt 0 ] && [ "$cases" -eq "$skips" ]; then
        skipped=$((skipped + 1))
      else
        passed=$((passed + 1))
      fi
      ;;
    *) failed=$((failed + 1)) ;;
  esac
done < <(sed -nE 's#^(//[^ ]+) +(\(cached\) +)?(PASSED|FAILED|TIMEOUT|FLAKY|NO STATUS|FAILED TO BUILD|INCOMPLETE)( .*)?$#\1 \3#p' "$log" |
           sed -E 's/ (NO STATUS|FAILED TO BUILD)$/ FAILED/' | sort -u)

if [ "$bazel_rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
  # Bazel failed without naming a failing test (analysis or build error).
  failed=1
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
