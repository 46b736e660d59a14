#!/usr/bin/env bash
# Checks that an AMD code object runs its dots on the matrix cores, without
# a GPU: the disassembly (llvm-objdump for the arch) has v_mfma instructions
# inside a loop (between a backward branch and its target: the K loop), and
# the kernel stays within the hardware's limits for gfx90a and gfx942 wave64:
# at most 512 VGPRs and AGPRs together per lane (the unified register file;
# `llvm-readelf --notes`: .vgpr_count + .agpr_count) and 64 KiB of LDS per
# workgroup (the code object's static .group_segment_fixed_size plus the
# dynamic shared memory the metadata's shared_bytes asks the launcher for).
#
# Usage: check_mfma.sh KERNEL ARCH OBJDUMP READELF FILES...
# The variants checked are every pair named *.ARCH.hsaco / *.ARCH.json.
set -euo pipefail
kernel=$1 arch=$2 objdump=$3 readelf=$4
shift 4

source "$(dirname "${BASH_SOURCE[0]}")/hsaco_variants.sh"

# Checks one variant: its JSON metadata $1 and code object $2.
check_variant() {
  local json=$1 hsaco=$2

  disasm=$("$objdump" -d --mcpu="$arch" "$hsaco") || fail "llvm-objdump failed"
  # For each backward branch, the v_mfma between its target and itself.
  loops=$(awk -v kernel="$kernel" '
    function hex(s,   i, v) {
      s = tolower(s); sub(/^0x/, "", s); v = 0
      for (i = 1; i <= length(s); i++)
        v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
      return v
    }
    $0 ~ "^[0-9a-f]+ <" kernel ">:" { base = hex($1); next }
    /\/\/ [0-9A-Fa-f]+:/ {
      addr = $0; sub(/.*\/\/ /, "", addr); sub(/:.*/, "", addr)
      addr = hex(addr)
      if ($1 ~ /^v_mfma/) mfma[n++] = addr
      if ($1 ~ /^s_c?branch/ && match($0, "<" kernel "\\+0x[0-9a-f]+>")) {
        target = substr($0, RSTART, RLENGTH)
        sub(".*\\+", "", target); sub(/>/, "", target)
        target = base + hex(target)
        if (target <= addr) {
          count = 0
          for (i = 0; i < n; i++)
            if (mfma[i] >= target && mfma[i] <= addr) count++
          if (count) print count
        }
      }
    }' <<<"$disasm")
  [ -n "$loops" ] || fail "$hsaco: no v_mfma inside a loop"

  notes=$("$readelf" --notes "$hsaco") || fail "llvm-readelf failed"
  note() { awk -v key="$1" '$1 == key ":" { print $2; exit }' <<<"$notes"; }
  vgpr=$(note .vgpr_count) agpr=$(note .agpr_count)
  lds=$(note .group_segment_fixed_size)
  [ -n "$vgpr" ] && [ -n "$lds" ] || fail "$hsaco: no register or LDS notes"
  shared=$(grep -oE '"shared_bytes": [0-9]+' "$json" | grep -oE '[0-9]+$')
  registers=$((vgpr + ${agpr:-0})) bytes=$((lds + ${shared:-0}))
  [ "$registers" -le 512 ] ||
    fail "$hsaco: $registers VGPRs + AGPRs, over the 512 of a wave64 lane"
  [ "$bytes" -le 65536 ] ||
    fail "$hsaco: $bytes bytes of LDS, over the 64 KiB of a workgroup"
  echo "$hsaco: v_mfma per loop: $(echo $loops), VGPR+AGPR $registers," \
    "LDS $bytes bytes"
}

for_each_variant check_variant "$@"
