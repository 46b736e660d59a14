// RUN: rm -rf %t && mkdir -p %t
// RUN: not tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --constexpr NOPE=3 --target sm_90a -o %t/add --origin='kernels/add.json: configs[3] "m64_n256_w8", specialization "aligned", sm_90a' 2>&1 | FileCheck %s --check-prefix=FRONTEND
// RUN: not tkc compile %S/inputs/add.py --kernel add_kernel --num-warps 3 --origin='kernels/add.json: configs[0]' 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --constexpr NOPE=3 --target sm_90a -o %t/add 2>&1 | FileCheck %s --check-prefix=NOORIGIN
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --emit=ttir -o %t/add.mlir --origin=unused 2>&1 | count 0
// `--origin=TEXT` names what failed after the diagnostics, so that a build
// error points at the manifest entry; a success prints nothing more.

// FRONTEND: add.py:7:5: error: --constexpr NOPE: 'add_kernel' has no parameter named 'NOPE'
// FRONTEND: tkc: note: while compiling kernels/add.json: configs[3] "m64_n256_w8", specialization "aligned", sm_90a
// FRONTEND-NOT: {{.}}

// OPTIONS: tkc: error: --num-warps must be a power of two from 1 to 32, got 3
// OPTIONS-NEXT: tkc: note: while compiling kernels/add.json: configs[0]

// NOORIGIN: error: --constexpr NOPE
// NOORIGIN-NOT: note: while compiling
