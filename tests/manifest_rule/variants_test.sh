#!/usr/bin/env bash
# Checks what triton_kernel(manifest = ...) compiled in this package (BUILD):
# one binary and one metadata file per config × specialization × target
# (named <name>.<config>.<specialization>.<arch>, each with its .compile_ms),
# nothing else, and the <name>.variants.txt reports: byte counts that are the
# binaries' sizes, the bytes embedded compressed, and one table row per
# variant with its registers, spills, shared memory, size and compile time.
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
  local ms
  for ms in "$name".*.compile_ms; do
    if ! grep -qx '[0-9][0-9]*' "$ms"; then
      echo "FAIL: $ms is not a number of milliseconds: $(cat "$ms")"
      failures=$((failures + 1))
    fi
  done
  if [[ "$expected" != "$actual" ]]; then
    echo "FAIL: $name's variant files:"
    diff <(echo "$expected") <(echo "$actual") || true
    failures=$((failures + 1))
  fi
}

# expect_report NAME ARCH:N...: NAME.variants.txt starts with one line per
# ARCH, in this order, with N variants and their binaries' total size; then
# the total and the bytes embedded in zstd frames (one per vendor), and a
# table row per variant: stem, arch, registers, spills, shared bytes, size,
# compile time.
expect_report() {
  local name=$1
  shift
  local expected="" arch n bytes f total=0 count=0 report="$name.variants.txt"
  for entry in "$@"; do
    arch=${entry%%:*}
    n=${entry#*:}
    bytes=0
    for f in "$name".*."$arch".cubin "$name".*."$arch".hsaco; do
      bytes=$((bytes + $(wc -c < "$f")))
    done
    expected+="$arch: $n variants, $bytes blob bytes"$'\n'
    total=$((total + bytes))
    count=$((count + n))
  done
  if [[ "$expected" != "$(head -n $# "$report")"$'\n' ]]; then
    echo "FAIL: $report starts with:"
    head -n $# "$report"
    echo "expected:"
    printf '%s' "$expected"
    failures=$((failures + 1))
  fi
  if ! grep -q "^$name: $count variants, $total blob bytes, embedded as [0-9]* bytes (zstd -19, [12] frames\{0,1\}): [0-9.]*x smaller$" "$report"; then
    echo "FAIL: $report has no total line for $count variants, $total bytes:"
    cat "$report"
    failures=$((failures + 1))
  fi
  local stem size
  for f in "$name".*.cubin "$name".*.hsaco; do
    stem=${f%.*}
    size=$(wc -c < "$f")
    if ! grep -Eq "^$stem +[a-z0-9_]+ +[0-9vs ?]+ +[0-9vsB ?]+ +[0-9]+ +$size +[0-9]+$" "$report"; then
      echo "FAIL: $report has no row for $stem ($size bytes) with a compile time:"
      cat "$report"
      failures=$((failures + 1))
    fi
  done
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
