// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory | FileCheck %s

// A conversion that moves elements between threads needs the whole tensor
// in shared memory: 64 x 64 x 4 bytes.
// CHECK: module attributes {tkc_gpu.shared = 16384 : i32}
#a = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module {
  func.func @transpose_layout(%x: tensor<64x64xf32, #a>) -> tensor<64x64xf32, #b> {
    %c = tkc_gpu.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
    return %c : tensor<64x64xf32, #b>
  }
}

// -----

// Without conversions no shared memory is needed.
// CHECK: module attributes {tkc_gpu.shared = 0 : i32}
module {
  func.func @none() {
    return
  }
}
