#!/usr/bin/env bash
# Checks one AMD code object without a GPU: llvm-objdump disassembles it for
# its arch and finds the entry; `llvm-readelf --notes` lists the entry with
# the wavefront size the metadata records, and a kernarg layout (offset and
# size of each argument, in order) equal to the one the generated launcher
# passes: the metadata's kernel_args, each at the next offset its alignment
# allows. Hidden arguments the code object may add come after them.
#
# Usage: check_hsaco.sh KERNEL ARCH WAVEFRONT OBJDUMP READELF FILES...
# The variant checked is every pair named *.ARCH.hsaco / *.ARCH.json.
set -euo pipefail
kernel=$1 arch=$2 wave=$3 objdump=$4 readelf=$5
shift 5

source "$(dirname "${BASH_SOURCE[0]}")/hsaco_variants.sh"

# Checks one variant: its JSON metadata $1 and code object $2.
check_variant() {
  local json=$1 hsaco=$2
  echo "checking $hsaco and $json"

  disasm=$("$objdump" -d --mcpu="$arch" "$hsaco") || fail "llvm-objdump failed"
  grep -q "<$kernel>:" <<<"$disasm" || fail "no <$kernel> in the disassembly"
  grep -q "s_endpgm" <<<"$disasm" || fail "no s_endpgm in the disassembly"

  notes=$("$readelf" --notes "$hsaco") || fail "llvm-readelf failed"
  grep -qE "\.name: +$kernel\$" <<<"$notes" || fail "notes list no $kernel"
  grep -qE "\.wavefront_size: +$wave\$" <<<"$notes" ||
    fail "notes give no wavefront size $wave"
  grep -q "\"wavefront_size\": $wave" "$json" ||
    fail "metadata records another wavefront size"

  # The launcher's layout: kernel_args' sizes and alignments, packed.
  expected=$(sed -n '/"kernel_args": \[/,/^  \]/p' "$json" |
    grep -oE '"(align|size)": [0-9]+' | awk '
      /align/ { align = $2 }
      /size/ { off = int((off + align - 1) / align) * align
               printf "%d:%d\n", off, $2; off += $2 }')
  # The code object's explicit arguments (hidden_* ones excluded).
  actual=$(sed -n '/\.args:/,/\.group_segment_fixed_size/p' <<<"$notes" |
    awk '/\.offset:/ { off = $NF } /\.size:/ { size = $NF }
         /\.value_kind:/ { if ($NF !~ /^hidden_/) printf "%d:%d\n", off, size }')
  [ "$expected" = "$actual" ] ||
    fail "kernarg layout differs: launcher passes [$(echo $expected)]," \
      "code object expects [$(echo $actual)]"
  echo "  kernargs (offset:size): $(echo $actual)"
}

for_each_variant check_variant "$@"
