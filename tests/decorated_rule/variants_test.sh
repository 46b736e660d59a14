#!/usr/bin/env bash
# Checks what triton_kernel(decorators = True) compiled for //kernels:row_scale:
# in row_scale.variants/, one binary and one metadata file per config (2) ×
# EVEN_N value (2) × target, each variant's EVEN_N and BLOCK in its metadata,
# the manifest tkc aot handed to tkc-launcher-gen, and the report.
set -euo pipefail
shopt -s nullglob

cd "${TEST_SRCDIR}/${TEST_WORKSPACE}/kernels"
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

dir=row_scale.variants
for c in 0 1; do
  for h in 0 1; do
    for arch in sm_80 sm_90a gfx90a gfx942; do
      ext=cubin
      [[ $arch == gfx* ]] && ext=hsaco
      for f in "config$c.h$h.$arch.$ext" "config$c.h$h.$arch.json"; do
        [[ -s "$dir/$f" ]] || fail "missing $dir/$f"
      done
    done
    # h0 is EVEN_N False, h1 True; config 0 has BLOCK 256, config 1 1024.
    even=$([[ $h == 1 ]] && echo True || echo False)
    block=$([[ $c == 1 ]] && echo 1024 || echo 256)
    meta="$dir/config$c.h$h.sm_90a.json"
    tr -d ' \n' < "$meta" | grep -q "\"kind\":\"constexpr\",\"name\":\"EVEN_N\",\"value\":\"$even\"" ||
      fail "$meta: EVEN_N is not $even"
    tr -d ' \n' < "$meta" | grep -q "\"kind\":\"constexpr\",\"name\":\"BLOCK\",\"value\":\"$block\"" ||
      fail "$meta: BLOCK is not $block"
  done
done
files=("$dir"/*)
[[ ${#files[@]} == 33 ]] || fail "expected 33 files in $dir, found ${#files[@]}"
grep -q '"expr": "n_cols % BLOCK == 0"' "$dir/manifest.json" ||
  fail "$dir/manifest.json has no EVEN_N heuristic"

expected=""
for arch in sm_80 sm_90a gfx90a gfx942; do
  bytes=0
  for f in "$dir"/*."$arch".cubin "$dir"/*."$arch".hsaco; do
    bytes=$((bytes + $(wc -c < "$f")))
  done
  expected+="$arch: 4 variants, $bytes blob bytes"$'\n'
done
if [[ "$expected" != "$(cat row_scale.variants.txt)"$'\n' ]]; then
  fail "row_scale.variants.txt is: $(cat row_scale.variants.txt)"
fi

if ((failures)); then
  exit 1
fi
echo "PASS"
