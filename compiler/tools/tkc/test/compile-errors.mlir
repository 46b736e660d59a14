// RUN: not tkc compile %s --target cuda:70 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tkc compile %s --target sm_90a,cuda:90a 2>&1 | FileCheck %s --check-prefix=DUP
// RUN: not tkc compile %s --emit=ptx 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not tkc compile %s --emit=ttir --num-warps 3 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: not tkc compile %s --emit=ttir --max-blocks-per-sm 2000 2>&1 | FileCheck %s --check-prefix=BLOCKS
// RUN: not tkc compile %s --emit=ttir --constexpr BLOCK 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
// RUN: not tkc compile %s --emit=ast 2>&1 | FileCheck %s --check-prefix=AST
// RUN: not tkc compile %s --target sm_90a --emit=amdgcn 2>&1 | FileCheck %s --check-prefix=STAGE
// RUN: not tkc compile %s --target sm_90a,sm_80 --emit=ptx 2>&1 | FileCheck %s --check-prefix=ONETARGET
// RUN: not tkc compile %s --target sm_90a 2>&1 | FileCheck %s --check-prefix=BINARY
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tkc compile %s --target sm_90a -o %t/k 2>&1 | FileCheck %s --check-prefix=NOPARAMS
// RUN: not tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, 1024' --target sm_80,sm_90a --ptxas %t/no-ptxas -o %t/add 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not tkc compile %S/inputs/add.py --kernel print_kernel --signature '*fp16' --target gfx942 --ockl %t/no-ockl.bc -o %t/print 2>&1 | FileCheck %s --check-prefix=NOOCKL
// Nothing is half-written when a compilation fails.
// RUN: ls %t | count 0
// RUN: not tkc compile %S/does-not-exist.py --emit=ttir 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// RUN: not tkc compile %S/does-not-exist.py --kernel add --emit=ttir 2>&1 | FileCheck %s --check-prefix=NOPY
// RUN: not tkc compile %S/does-not-exist.py --kernel add --target sm_90a 2>&1 | FileCheck %s --check-prefix=PYSTAGE
// RUN: not tkc compile %S/kernel.cu --emit=ttir 2>&1 | FileCheck %s --check-prefix=EXT
// RUN: not tkc compile %S/does-not-exist.mlir --emit=ttir 2>&1 | FileCheck %s --check-prefix=MISSING
// Every command-line error of `tkc compile` is reported plainly, exit 1.

// TARGET: tkc: error: unknown target 'cuda:70': no such architecture 'sm_70' (supported: cuda: sm_80,
// DUP: tkc: error: target 'cuda:90a' is listed twice (as cuda:90a)
// NOTARGET: tkc: error: --target is required to produce 'ptx'
// WARPS: tkc: error: --num-warps must be a power of two from 1 to 32, got 3
// BLOCKS: tkc: error: --max-blocks-per-sm must be from 0 (no cap) to 1024, got 2000
// CONSTEXPR: tkc: error: --constexpr expects NAME=VALUE, got 'BLOCK'
// AST: tkc: error: --emit=ast needs a .py kernel
// STAGE: tkc: error: --emit=amdgcn does not apply to target 'cuda:90a'
// ONETARGET: tkc: error: --emit=ptx needs exactly one --target
// BINARY: tkc: error: -o OUT is required to write binaries
// NOPARAMS: tkc: error: the kernel carries no parameter description
// PTXAS: tkc: error: {{.*}}add.py:7:5: stage 'cubin' for cuda:80 failed: ptxas not found at '{{.*}}no-ptxas' (set its path with --ptxas)
// NOOCKL: tkc: error: {{.*}}add.py:16:5: stage 'llir' for hip:gfx942 failed: ROCm's kernel library ockl.bc not found at '{{.*}}no-ockl.bc' (set its path with --ockl; Debian's rocm-device-libs package installs it)
// NOKERNEL: tkc: error: --kernel is required for a .py input
// NOPY: tkc: error: cannot open input file '{{.*}}does-not-exist.py'
// PYSTAGE: tkc: error: cannot open input file '{{.*}}does-not-exist.py'
// EXT: tkc: error: input '{{.*}}kernel.cu' must be a Triton-language .py file or a tkc-dialect .mlir file
// MISSING: tkc: error: cannot open input file '{{.*}}does-not-exist.mlir'

func.func @k() {
  return
}
