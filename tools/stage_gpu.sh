#!/usr/bin/env bash
# Builds what runs on the GPU machine and stages it as real files (not
# bazel-bin links) under .gpu/ (gitignored): every test of //tests/e2e/...,
# libtkc_kernels.so for bench/vector_add_bench.py, bench/row_kernels_bench.py
# and bench/matmul_bench.py,
# the kernels' cubins and metadata (the row bench reads its launch settings
# there), and .gpu/run.sh, which runs all of it there, with
# bench/public_bench.py when tools/stage_public.sh has staged .gpu/public
# (which this script keeps). See ../shared/GPU.md.
#
# Usage: tools/stage_gpu.sh        then, on the GPU machine, from the
#        repository root:          bash .gpu/run.sh   (output to $OUT if set)
set -euo pipefail
cd "$(dirname "$0")/.."

bazel=(nice -n 5 bazel)
tests=$("${bazel[@]}" query 'kind(cc_test, //tests/e2e/...)' 2>/dev/null)
codegen=$("${bazel[@]}" query 'kind(_tkc_codegen, //kernels/...)' 2>/dev/null)
# shellcheck disable=SC2086
"${bazel[@]}" build $tests $codegen //kernels:libtkc_kernels.so
bin=$("${bazel[@]}" info bazel-bin 2>/dev/null)

# .gpu/public and .gpu/public_* (tools/stage_public.sh) are kept.
find .gpu -mindepth 1 -maxdepth 1 ! -name 'public*' -exec rm -rf {} + 2>/dev/null || true
mkdir -p .gpu/tests .gpu/kernels
for t in $tests; do
  path=${t#//}
  install -m 755 "$bin/${path/://}" .gpu/tests/
done
install -m 755 "$bin/kernels/libtkc_kernels.so" .gpu/
for c in $codegen; do
  name=${c##*:}
  name=${name%_codegen}
  if [ -d "$bin/kernels/$name.variants" ]; then
    # A decorated kernel (triton_kernel(decorators = True)): tkc aot's
    # variants, staged under the kernel's name.
    for f in "$bin/kernels/$name.variants"/*.cubin \
             "$bin/kernels/$name.variants"/*.json; do
      install -m 644 "$f" ".gpu/kernels/$name.$(basename "$f")"
    done
    continue
  fi
  install -m 644 "$bin/kernels/$name".*.cubin "$bin/kernels/$name".*.json \
    .gpu/kernels/
done

cat > .gpu/run.sh <<'RUN'
#!/usr/bin/env bash
# Written by tools/stage_gpu.sh. Runs on the GPU machine: every staged e2e
# test, cuobjdump on every staged cubin, and the benchmarks. Logs
# and test XML go to $OUT (or .gpu/out), every cubin's SASS to sass.txt there;
# the last line sums up.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/out}
mkdir -p "$out"
failures=()
exec > >(tee "$out/run.log") 2>&1

nvidia-smi -L || echo "warning: nvidia-smi failed"

for t in "$here"/tests/*; do
  name=$(basename "$t")
  echo "=== $name"
  if ! "$t" --gtest_output="xml:$out/$name.xml"; then
    failures+=("$name")
  elif [ "$name" != gpu_test_support_test ] &&
       grep -q 'result="skipped"' "$out/$name.xml"; then
    echo "error: $name skipped cases on the GPU machine"
    failures+=("$name (skipped)")
  fi
done

echo "=== cuobjdump"
: > "$out/sass.txt"
for json in "$here"/kernels/*.json; do
  cubin=${json%.json}.cubin
  [ -f "$cubin" ] || continue # AMD code objects are checked at build time.
  entry=$(grep -oE '"entry": *"[^"]*"' "$json" | sed -E 's/.*"([^"]*)"$/\1/')
  # Read whole, then searched: no `grep -q` ending a pipeline (SIGPIPE).
  usage=$(cuobjdump -res-usage "$cubin" 2>&1)
  resources=$(grep -A1 "Function $entry:" <<<"$usage" | tail -n1)
  echo "$(basename "$cubin"): $resources"
  cuobjdump -sass "$cubin" >> "$out/sass.txt" 2>&1
  if ! grep -q 'LOCAL:0' <<<"$resources"; then
    echo "error: cuobjdump lists no spill-free $entry in $cubin"
    failures+=("cuobjdump $(basename "$cubin")")
  fi
done

echo "=== benchmark"
if ! python3 "$here/../bench/vector_add_bench.py" \
    --lib "$here/libtkc_kernels.so" --src "$here/../kernels/vector_add.py"; then
  failures+=("vector_add_bench")
fi
if ! python3 "$here/../bench/row_kernels_bench.py" \
    --lib "$here/libtkc_kernels.so" --kernels-dir "$here/kernels"; then
  failures+=("row_kernels_bench")
fi
# tkc's Triton-language library (sort, flip, Philox) against Triton's JIT:
# outputs bit for bit, then times.
if ! python3 "$here/../bench/library_bench.py" \
    --lib "$here/libtkc_kernels.so"; then
  failures+=("library_bench")
fi
# Matrix products against Triton's JIT and cuBLAS (TFLOP/s).
if ! python3 "$here/../bench/matmul_bench.py" \
    --lib "$here/libtkc_kernels.so" --staged "$here"; then
  failures+=("matmul_bench")
fi
# Every config of softmax_1024 and softmax_8192 against Triton per shape;
# the fastest per key bucket goes to $out/softmax_<BLOCK_SIZE>.tuned.json
# (kernels/softmax_<BLOCK_SIZE>.json's tuned_file).
if ! python3 "$here/../bench/softmax_configs_bench.py" \
    --lib "$here/libtkc_kernels.so" --tuned-dir "$out"; then
  failures+=("softmax_configs_bench")
fi
cat "$out"/softmax*.tuned.json

# Autotuning (issue 7): with no tuned table in kernels/col_sum.json, tune at
# run time against every config timed alone and write the table to $out;
# with one (tuned_file), check that the library reproduces its choices with
# tuning off.
if grep -q '"tuned_file"' "$here/../kernels/col_sum.json"; then
  if ! python3 "$here/../bench/autotune_bench.py" --lib "$here/libtkc_kernels.so" \
      --expect-tuned "$here/../kernels/col_sum.tuned.json"; then
    failures+=("autotune_bench (tuned table)")
  fi
elif ! python3 "$here/../bench/autotune_bench.py" --lib "$here/libtkc_kernels.so" \
    --tuned-file "$out/col_sum.tuned.json"; then
  failures+=("autotune_bench")
fi

# Public kernels (Triton's tutorials, Liger-Kernel, FlagGems) as their
# authors wrote them, when tools/stage_public.sh staged them.
if [ -d "$here/public/bin" ] && ! python3 "$here/../bench/public_bench.py" \
    --public "$here/public"; then
  failures+=("public_bench")
fi

if [ ${#failures[@]} -eq 0 ]; then
  echo "gpu run: all passed"
else
  echo "gpu run: FAILED: ${failures[*]}"
  exit 1
fi
RUN
chmod 755 .gpu/run.sh
echo "staged $(find .gpu -type f | wc -l) files in .gpu/ ($(du -sh .gpu | cut -f1))"
