#!/usr/bin/env bash
# The hermetic build test (issue 18): builds //kernels:kernels cold from two
# clean copies of this checkout at different paths (each with its own Bazel
# output root and no disk cache, so nothing is shared), then checks that
# every file the two builds wrote under bazel-bin/kernels is byte-identical:
# binaries, metadata, generated C, launcher reports, objects and archives.
# The one exception is what only reports the build itself: each variant's
# .compile_ms and the compile_ms column of the variants reports, which are
# compared with that column removed.
#
# Not run by CI: two cold builds (about 5.5 minutes each on 2 cores). As a
# Bazel target: `bazel test //tools:two_clone_test` (tagged manual and
# local: it runs Bazel itself on copies of the checkout). A "clean copy" is every file git
# tracks plus the untracked ones it does not ignore, so uncommitted work is
# tested too.
#
# Usage: tools/two_clone_test.sh [WORKDIR]   (default: a new /tmp directory,
#        removed on success; kept on failure for inspection)
#        tools/two_clone_test.sh --compare BIN_A BIN_B   compares two
#        bazel-bin directories' kernels/ only (no build)
set -euo pipefail

# The checkout: through the symlink when run as a Bazel test.
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)

# copy DIR: a clean copy of the checkout in DIR.
copy() {
  mkdir -p "$1"
  (cd "$src" && git ls-files -z --cached --others --exclude-standard |
    tar --null --no-recursion -T - -cf -) | tar -xf - -C "$1"
}

# build DIR: a cold build of //kernels:kernels in DIR; prints bazel-bin.
build() {
  local root="$1.bazel-root" start
  start=$(date +%s)
  (cd "$1" && bazel --output_user_root="$root" build --disk_cache= \
    //kernels:kernels >&2)
  echo "two_clone_test: $1 built in $(($(date +%s) - start)) s" >&2
  (cd "$1" && bazel --output_user_root="$root" info bazel-bin 2>/dev/null)
  (cd "$1" && bazel --output_user_root="$root" shutdown >&2)
}

# The files each build wrote, minus Bazel's own bookkeeping.
list() {
  (cd "$1/kernels" && find . -type f ! -name '*.params' ! -name '*.compile_ms' \
    ! -path '*.runfiles*' | LC_ALL=C sort)
}
# A report without the compile_ms column (the last one of the table) and
# the bundle report's compile-time lines.
drop_times() {
  sed -E -e 's/  [0-9?]+$//' -e '/^compile time:/d' \
    -e '/^slowest compiles/,$d' "$1"
}

# compare BIN_A BIN_B: 0 if their kernels/ hold the same files, all
# byte-identical (reports but for their compile times).
compare() {
  local differ=0 count=0 file a b
  diff <(list "$1") <(list "$2") || {
    echo "two_clone_test: the builds wrote different files (above)"
    return 1
  }
  while IFS= read -r file; do
    count=$((count + 1))
    a="$1/kernels/$file"
    b="$2/kernels/$file"
    if [[ "$file" == *.variants.txt ]]; then
      cmp -s <(drop_times "$a") <(drop_times "$b") && continue
    elif cmp -s "$a" "$b"; then
      continue
    fi
    echo "two_clone_test: differs: kernels/${file#./}"
    differ=$((differ + 1))
  done < <(list "$1")
  if ((differ)); then
    echo "two_clone_test: $differ of $count files differ"
    return 1
  fi
  echo "two_clone_test: $count files byte-identical"
}

if [ "${1:-}" = "--compare" ]; then
  compare "$2" "$3"
  exit
fi

work=${1:-$(mktemp -d /tmp/tkc-two-clones.XXXXXX)}
clones=("$work/first/tkc" "$work/second/elsewhere/tkc-copy")
# Both copies first, so that both builds see the same sources even if the
# checkout changes meanwhile.
for clone in "${clones[@]}"; do
  copy "$clone"
done
bins=()
for clone in "${clones[@]}"; do
  bins+=("$(build "$clone")")
done
if ! compare "${bins[0]}" "${bins[1]}"; then
  echo "two_clone_test: FAIL (both builds kept in $work)"
  exit 1
fi
echo "two_clone_test: PASS ($work/first and $work/second)"
if [ $# -eq 0 ]; then
  rm -rf "$work"
fi
