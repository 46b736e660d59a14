// RUN: tkc-opt %s --split-input-file --tkc-convert-tkcgpu-to-llvm="target=cuda:90a" --verify-diagnostics
// What code generation cannot handle is reported where it is: here, a
// module laid out for another warp size than the target's.

// expected-error @+1 {{the module was laid out for 64 threads per warp, but 'cuda:90a' has 32}}
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
}
