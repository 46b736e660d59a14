// RUN: tkc-opt %s --split-input-file --tkc-convert-tkcgpu-to-llvm="target=cuda:90a" --verify-diagnostics
// Ops code generation does not handle yet are reported where they are.

#a = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @k(%x: tensor<128xf32, #a>) {
    // expected-error @+2 {{reverse scans are not supported by code generation yet}}
    // expected-error @+1 {{failed to legalize operation 'tkc.scan'}}
    %s = "tkc.scan"(%x) ({
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      tkc.scan.return %t : f32
    }) {axis = 0 : i32, reverse} : (tensor<128xf32, #a>) -> tensor<128xf32, #a>
    return
  }
}

// -----

// expected-error @+1 {{the module was laid out for 64 threads per warp, but 'cuda:90a' has 32}}
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
}
