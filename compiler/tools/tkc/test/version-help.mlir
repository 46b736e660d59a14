// RUN: tkc --version | FileCheck %s --check-prefix=VERSION
// RUN: tkc --help | FileCheck %s --check-prefix=HELP
// RUN: tkc compile --help | FileCheck %s --check-prefix=COMPILE
// RUN: not tkc 2>&1 | FileCheck %s --check-prefix=HELP
// RUN: not tkc frobnicate 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// The driver's version, help texts and unknown commands.

// VERSION: tkc version {{[0-9]+\.[0-9]+\.[0-9]+}} (LLVM 22.

// HELP: USAGE: tkc <command> [options]
// HELP: compile

// COMPILE: USAGE: tkc compile [options] <kernel.py or ttir .mlir>
// COMPILE-DAG: --constexpr=<K=V>
// COMPILE-DAG: --emit=<value>
// COMPILE-DAG: =ttgir
// COMPILE-DAG: =amdgcn
// COMPILE-DAG: --kernel=<NAME>
// COMPILE-DAG: --num-stages=<uint>
// COMPILE-DAG: --num-warps=<uint>
// COMPILE-DAG: -o <OUT>
// COMPILE-DAG: --origin=<TEXT>
// COMPILE-DAG: --signature=<SIG>
// COMPILE-DAG: --target=<T>

// UNKNOWN: tkc: error: unknown command 'frobnicate'
