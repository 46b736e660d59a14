#!/usr/bin/env bash
# Builds the frontend's lexer/parser fuzzer (libFuzzer with AddressSanitizer
# and UndefinedBehaviorSanitizer) outside Bazel, and runs it.
#
#   tools/fuzz_parser.sh SECONDS [extra libFuzzer flags...]
#
# The binary, the growing corpus and any crash artifacts go to .fuzz/ (git-
# ignored; FUZZ_DIR overrides). The seeds are compiler/Frontend/test/fuzz-corpus/,
# the regressions, and the parser's lit tests (compiler/Frontend/test/parser/). A crash or hang is saved as .fuzz/artifacts/crash-* or timeout-*:
# fix it, then copy the input to compiler/Frontend/test/fuzz-regressions/ so that
# //compiler/Frontend:ParserRegressionTest keeps it fixed. Needs clang 22's
# libFuzzer runtime (Debian package libclang-rt-22-dev, see tools/setup.sh).
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 SECONDS [libFuzzer flags...]" >&2
  exit 2
fi
SECONDS_TO_RUN=$1
shift

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FUZZ_DIR:-$ROOT/.fuzz}
LLVM=/usr/lib/llvm-22
FRONTEND=$ROOT/compiler/Frontend
mkdir -p "$OUT/corpus" "$OUT/artifacts"

SOURCES=(
  "$FRONTEND/AST.cpp"
  "$FRONTEND/Diagnostics.cpp"
  "$FRONTEND/Lexer.cpp"
  "$FRONTEND/Parser.cpp"
  "$FRONTEND/ASTPrinter.cpp"
  "$FRONTEND/fuzz/ParserFuzzer.cpp"
)

if [ ! -f "$LLVM/lib/clang/22/lib/linux/libclang_rt.fuzzer-x86_64.a" ] &&
   ! ls "$LLVM"/lib/clang/22/lib/*/libclang_rt.fuzzer*.a >/dev/null 2>&1; then
  echo "$0: clang 22's libFuzzer runtime is missing; install libclang-rt-22-dev" >&2
  exit 1
fi

# Rebuild when a source or header is newer than the binary.
BIN=$OUT/parser_fuzzer
if [ ! -x "$BIN" ] || [ -n "$(find "$FRONTEND" -maxdepth 2 \( -name '*.cpp' -o -name '*.h' \) -newer "$BIN" -print -quit)" ]; then
  echo "$0: building $BIN"
  nice -n 10 "$LLVM/bin/clang++" \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -g -O1 -std=c++17 -fno-rtti -fno-exceptions \
    -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS \
    -D__STDC_LIMIT_MACROS \
    -I"$ROOT" -I"$LLVM/include" \
    "${SOURCES[@]}" \
    -L"$LLVM/lib" -lLLVM -Wl,-rpath,"$LLVM/lib" \
    -o "$BIN"
fi

# The first corpus directory receives new inputs; the seeds stay read-only.
exec nice -n 10 "$BIN" "$OUT/corpus" "$FRONTEND/test/fuzz-corpus" \
  "$FRONTEND/test/fuzz-regressions" "$FRONTEND/test/parser" \
  -dict="$FRONTEND/fuzz/python.dict" \
  -max_total_time="$SECONDS_TO_RUN" -timeout=5 -rss_limit_mb=2048 \
  -max_len=4096 -print_final_stats=1 \
  -artifact_prefix="$OUT/artifacts/" "$@"
