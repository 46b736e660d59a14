// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" --verify-diagnostics
// RUN: not tkc-opt %s --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" 2>&1 | FileCheck %s --check-prefix=HIP
// RUN: not tkc-opt %s --split-input-file --tkc-convert-tkc-gpu-to-llvm 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not tkc-opt %s --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=cuda:70" 2>&1 | FileCheck %s --check-prefix=BADTARGET
// What code generation cannot handle is reported where it is; the
// expected-error lines are those of cuda:90a. The pass assumes no target:
// without one, or with one it does not know, it reports that on the module.

// NOTARGET: unsupported.mlir:[[@LINE+4]]:1: error: no target given: set the pass's `target` option (supported: {{.*}})
// BADTARGET: unsupported.mlir:[[@LINE+3]]:1: error: unknown target 'cuda:70'
// A module laid out for wave64 on a 32-lane target.
// expected-error @+1 {{the module was laid out for 64 threads per warp, but 'cuda:90a' has 32}}
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
}

// -----

// A module laid out for 32 lanes on a wave64 target; on the 32-lane target,
// the first op it cannot lower yet.
// HIP: unsupported.mlir:[[@LINE+1]]:1: error: the module was laid out for 32 threads per warp, but 'hip:gfx942' has 64
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @bool_load(%p: !tkc.ptr<i1>) {
    // expected-error @+1 {{code generation does not support 'tkc.load' of this element type yet}}
    %v = tkc.load %p : !tkc.ptr<i1>
    return
  }
}
