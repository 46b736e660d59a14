#!/usr/bin/env bash
# Checks the compiled variants of one kernel for one arch without a GPU. For
# each variant (specialization), its metadata JSON describes
# the cubin beside it (kernel, arch, format, size, sha256), the cubin is a CUDA
# ELF for that arch that ptxas built with `-arch ARCH`, and its symbol table
# holds the metadata's entry as a function. Where cuobjdump is installed it
# must list the entry too, and report no local memory (no spills).
#
# Usage: check_cubin.sh KERNEL ARCH READELF --cuobjdump=PATH FILES...
# (cuobjdump is used if PATH exists.)
# FILES are a triton_kernel()'s binaries and metadata; the variants checked
# are the pairs named *.ARCH.cubin / *.ARCH.json (at least one).
set -euo pipefail
kernel=$1 arch=$2 readelf=$3 cuobjdump=${4#--cuobjdump=}
[ -x "$cuobjdump" ] || cuobjdump=""
shift 4

fail() { echo "FAIL ($kernel, $arch, ${cubin:-}): $*" >&2; exit 1; }

# The value of a string or number field of the metadata file $json:
# `field NAME`.
field() {
  grep -oE "\"$1\": *(\"[^\"]*\"|[0-9]+)" "$json" | head -n1 |
    sed -E 's/^"[^"]*": *"?([^"]*)"?$/\1/'
}

# Checks one variant: check_variant CUBIN JSON.
check_variant() {
  local cubin=$1 json=$2
  echo "checking $cubin and $json"
  [ "$(field schema_version)" = 1 ] || fail "schema_version is not 1"
  [ "$(field kernel)" = "$kernel" ] || fail "kernel is '$(field kernel)'"
  [ "$(field arch)" = "$arch" ] || fail "target arch is '$(field arch)'"
  [ "$(field backend)" = cuda ] || fail "backend is '$(field backend)'"
  [ "$(field format)" = cubin ] || fail "binary format is '$(field format)'"
  [ "$(field file)" = "$(basename "$cubin")" ] ||
    fail "binary file is '$(field file)', not $(basename "$cubin")"
  [ "$(field size)" = "$(wc -c < "$cubin" | tr -d ' ')" ] ||
    fail "binary size $(field size) is not the cubin's"
  [ "$(field sha256)" = "$(sha256sum "$cubin" | cut -d' ' -f1)" ] ||
    fail "sha256 does not match the cubin"
  [ -n "$(field shared_bytes)" ] || fail "no shared_bytes"
  warps=$(field num_warps)
  [ "$(field threads_per_block)" = $((warps * 32)) ] ||
    fail "threads_per_block is not num_warps * 32"
  entry=$(field entry)
  [ -n "$entry" ] || fail "no entry symbol in the metadata"

  header=$("$readelf" -h "$cubin")
  grep -q 'Machine: *NVIDIA CUDA' <<<"$header" || fail "not a CUDA ELF"
  grep -qE "Flags: .*, ${arch%a}\$" <<<"$header" ||
    fail "ELF flags name another arch: $(echo "$header" | grep Flags)"
  # Outputs are read whole, then searched: `grep -q` at the end of a pipeline
  # under pipefail can make the writer die of SIGPIPE, failing at random.
  tkinfo=$("$readelf" -p .note.nv.tkinfo "$cubin")
  grep -q -- "-arch $arch " <<<"$tkinfo" ||
    fail "ptxas did not build it with -arch $arch"
  symbols=$("$readelf" -s "$cubin")
  grep -qE "FUNC +GLOBAL .* $entry\$" <<<"$symbols" ||
    fail "no function symbol $entry"

  if [ -n "$cuobjdump" ]; then
    usage=$("$cuobjdump" -res-usage "$cubin")
    echo "$usage"
    grep -q "Function $entry:" <<<"$usage" ||
      fail "cuobjdump does not list $entry"
    grep -A1 "Function $entry:" <<<"$usage" | grep 'LOCAL:0' >/dev/null ||
      fail "$entry uses local memory (spills)"
  else
    echo "note: cuobjdump is not installed here; checked with llvm-readelf only"
  fi
  echo "ok: $(basename "$cubin") (entry $entry)"
}

checked=0
for cubin in "$@"; do
  case "$cubin" in
    *."$arch".cubin) ;;
    *) continue ;;
  esac
  json=${cubin%.cubin}.json
  [ -f "$json" ] || fail "no metadata $json beside the cubin"
  check_variant "$cubin" "$json"
  checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || fail "no *.$arch.cubin among: $*"
echo "PASS: $kernel for $arch, $checked variant(s)"
