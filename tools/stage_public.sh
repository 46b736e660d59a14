#!/usr/bin/env bash
# Stages the public kernels of bench/public_cases.py for bench/public_bench.py:
# copies each repository's sources into .gpu/public/src/<repo>/ (gitignored;
# none of it is ever committed) and compiles every case with `tkc compile`
# for sm_90a into .gpu/public/bin/<id>.{cubin,json}. A case tkc refuses is
# listed with its first error, and the bench reports it as not compiled.
#
# Usage: tools/stage_public.sh REPO=DIR ...
#   REPO is a repo name of the case table (triton, triton36, liger, fla,
#   flaggems, vllm, lightllm, unsloth, mamba, tritonbench, nsa, nsat, tgi, te,
#   lightning, sage, inductor, applied_ai, cce, aiter, flagattn, sglang,
#   vllm034, own);
#   DIR is a checkout or a bare git directory of it (a bare one's HEAD is
#   copied). For triton and triton36, DIR may also be a folder holding the
#   tutorial files themselves; for own, it is bench/own (kernels written
#   here).
#   Example:
#     tools/stage_public.sh triton=~/src/triton/python/tutorials \
#       liger=~/src/Liger-Kernel flaggems=~/src/FlagGems own=bench/own
# Then stage_gpu.sh (which keeps .gpu/public) and, on the GPU machine:
#   python3 bench/public_bench.py
# TKC_FLAGS adds compiler flags to every case (an A/B run of an experimental
# option, into another PUBLIC_OUT).
# TKC_TARGET=sm_90 compiles for sm_90 instead (dots on mma.sync, no wgmma),
# into PUBLIC_OUT (default .gpu/public): compare it with Triton's JIT run
# with DISABLE_MMA_V3=1, which keeps Triton on mma.sync too:
#   DISABLE_MMA_V3=1 python3 bench/public_bench.py --public .gpu/public_sm90
set -euo pipefail
cd "$(dirname "$0")/.."

# The compiler of this checkout, rebuilt if its sources changed.
if [ -z "${TKC:-}" ]; then
  nice -n 5 bazel build //compiler/tools/tkc
  tkc=bazel-bin/compiler/tools/tkc/tkc
else
  tkc=$TKC
fi
out=${PUBLIC_OUT:-.gpu/public}
target=${TKC_TARGET:-sm_90a}
rm -rf "$out/src" "$out/bin" "$out/wheels"
mkdir -p "$out/src" "$out/bin"

jobs=$(python3 bench/public_cases.py --jobs)
for spec in "$@"; do
  repo=${spec%%=*}
  dir=${spec#*=}
  mkdir -p "$out/src/$repo"
  if [ "$(git -C "$dir" rev-parse --is-bare-repository 2>/dev/null)" = true ]; then
    # Only the top-level folders the cases use (a mirror may lack the blobs
    # of large test data).
    mapfile -t tops < <(awk -F'|' -v r="$repo" '$2 == r {
      split($3, p, "/"); print p[1] }' <<<"$jobs" | sort -u)
    for top in "${tops[@]}"; do
      git -C "$dir" archive --prefix="$top/" "HEAD:$top" |
        tar -x -C "$out/src/$repo"
    done
  else
    cp -r "$dir"/. "$out/src/$repo"
  fi
done

# FlagGems' other vendors' backends are most of its size (the carry to the
# GPU machine is limited); its runtime loads only the NVIDIA one there.
if [ -d "$out/src/flaggems/src/flag_gems/runtime/backend" ]; then
  find "$out/src/flaggems/src/flag_gems/runtime/backend" -mindepth 1 \
    -maxdepth 1 -name '_*' ! -name _nvidia ! -name __init__.py \
    -exec rm -rf {} +
fi

# vLLM (both versions) and TritonBench are large and their kernels' modules
# import nothing of them that the bench runs (public_bench.py shims
# vllm.triton_utils): only the folders of the case files and their
# packages' __init__ files stay.
for big in vllm vllm034 tritonbench; do
  [ -d "$out/src/$big" ] || continue
  keep=$(mktemp -d)
  while IFS='|' read -r _ repo path _; do
    [ "$repo" = "$big" ] || continue
    dir=$(dirname "$path")
    mkdir -p "$keep/$dir"
    cp -r "$out/src/$big/$dir"/. "$keep/$dir"
    while [ "$dir" != . ]; do
      dir=$(dirname "$dir")
      [ -f "$out/src/$big/$dir/__init__.py" ] &&
        cp "$out/src/$big/$dir/__init__.py" "$keep/$dir/"
    done
  done <<<"$jobs"
  rm -rf "${out:?}/src/$big"
  mv "$keep" "$out/src/$big"
done

# FlagGems imports sqlalchemy, which the GPU machine lacks and cannot
# download: its wheel travels along (public_bench.py puts it on sys.path).
if grep -q '|flaggems|' <<<"$jobs"; then
  mkdir -p "$out/wheels"
  pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 \
    --platform manylinux2014_x86_64 -d "$out/wheels" sqlalchemy ||
    echo "warning: no sqlalchemy wheel: the FlagGems cases will not import"
fi

# Mamba's kernel modules import einops and packaging at module level.
if grep -q '|mamba|' <<<"$jobs"; then
  mkdir -p "$out/wheels"
  pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 \
    --platform manylinux2014_x86_64 -d "$out/wheels" einops packaging ||
    echo "warning: no einops or packaging wheel: the mamba cases will not import"
fi

ok=0
total=0
while IFS='|' read -r id repo path kernel signature warps stages; do
  total=$((total + 1))
  args=(compile "$out/src/$repo/$path" --kernel "$kernel"
    --signature "$signature" --num-warps "$warps" --target "$target"
    -o "$out/bin/$id")
  [ -n "$stages" ] && args+=(--num-stages "$stages")
  # Extra compiler flags for an A/B run (TKC_FLAGS="--tensor-copies").
  # shellcheck disable=SC2206
  [ -n "${TKC_FLAGS:-}" ] && args+=(${TKC_FLAGS})
  if timeout 300 "$tkc" "${args[@]}" >"$out/bin/$id.log" 2>&1; then
    ok=$((ok + 1))
  else
    echo "not compiled: $id: $(grep -m1 'error' "$out/bin/$id.log" |
      cut -c1-200)"
  fi
done <<<"$jobs"
echo "tkc compiled $ok of $total public kernels"
