// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" --verify-diagnostics
// An nvidia_mma dot on a target without mma.sync is reported, not lowered
// (tkc-gpu-accelerate-matmul never picks one there; hand-written IR can).

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
  func.func @mma_on_amd(%x: tensor<64x32xf16, #a>, %y: tensor<32x32xf16, #b>, %z: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    // expected-error @+1 {{code generation does not support 'tkc.dot' with a matrix instruction layout on a target without that instruction for its element types yet}}
    %d = tkc.dot %x, %y, %z : tensor<64x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<64x32xf32, #mma>
    return %d : tensor<64x32xf32, #mma>
  }
}

// -----

// An amd_mfma dot of fp16 with the fp8 instructions' kWidth: gfx942 has no
// such instruction for fp16.
#mfma = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 8}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 8}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
  func.func @mfma_wrong_kwidth(%x: tensor<64x32xf16, #a>, %y: tensor<32x64xf16, #b>, %z: tensor<64x64xf32, #mfma>) -> tensor<64x64xf32, #mfma> {
    // expected-error @+1 {{code generation does not support 'tkc.dot' with a matrix instruction layout on a target without that instruction for its element types yet}}
    %d = tkc.dot %x, %y, %z : tensor<64x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<64x64xf32, #mfma>
    return %d : tensor<64x64xf32, #mfma>
  }
}
