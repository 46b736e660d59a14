#!/usr/bin/env bash
# Checks what triton_kernel(manifest = ...) compiled in this package (BUILD):
# one binary and one metadata file per config × specialization × target
# (named <name>.<config>.<specialization>.<arch>), nothing else, and the
# <name>.variants.txt reports, whose byte counts must be the binaries' sizes.
set -euo pipefail
shopt -s nullglob

dir=tests/manifest_rule
cd "${TEST_SRCDIR}/${TEST_WORKSPACE}/$dir"
failures=0

# expect_files NAME FILE...: the compile outputs of NAME are exactly FILE...
expect_files() {
  local name=$1
  shift
  local expected actual
  expected=$(printf '%s\n' "$@" | sort)
  actual=$(printf '%s\n' "$name".*.cubin "$name".*.hsaco "$name".*.json | sort)
  if [[ "$expected" != "$actual" ]]; then
    echo "FAIL: $name's variant files:"
    diff <(echo "$expected") <(echo "$actual") || true
    failures=$((failures + 1))
  fi
}

# expect_report NAME ARCH:N...: NAME.variants.txt has one line per ARCH, in
# this order, with N variants and their binaries' total size.
expect_report() {
  local name=$1
  shift
  local expected="" arch n bytes f
  for entry in "$@"; do
    arch=${entry%%:*}
    n=${entry#*:}
    bytes=0
    for f in "$name".*."$arch".cubin "$name".*."$arch".hsaco; do
      bytes=$((bytes + $(wc -c < "$f")))
    done
    expected+="$arch: $n variants, $bytes blob bytes"$'\n'
  done
  if [[ "$expected" != "$(cat "$name.variants.txt")"$'\n' ]]; then
    echo "FAIL: $name.variants.txt is:"
    cat "$name.variants.txt"
    echo "expected:"
    printf '%s' "$expected"
    failures=$((failures + 1))
  fi
}

add=()
for v in b256_w2.aligned b256_w2.generic b1024_w4.aligned b1024_w4.generic; do
  add+=("add.$v.sm_90a.cubin" "add.$v.sm_90a.json")
done
for v in b256_w2.aligned b256_w2.generic; do
  add+=("add.$v.gfx942.hsaco" "add.$v.gfx942.json")
done
expect_files add "${add[@]}"
expect_report add sm_90a:4 gfx942:2

expect_files add_small \
  add_small.b256_w2.aligned.sm_90a.cubin add_small.b256_w2.aligned.sm_90a.json \
  add_small.b256_w2.generic.sm_90a.cubin add_small.b256_w2.generic.sm_90a.json
expect_report add_small sm_90a:2

# Each variant's metadata carries its config's constexprs and warps.
if ! grep -q '"num_warps": *2' add.b256_w2.generic.gfx942.json; then
  echo "FAIL: add.b256_w2.generic.gfx942.json does not have num_warps 2"
  failures=$((failures + 1))
fi

if ((failures)); then
  exit 1
fi
echo "PASS"
