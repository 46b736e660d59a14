// RUN: tkc-opt %s | tkc-opt | FileCheck %s
// Layout encodings and convert_layout print and parse back unchanged.

// CHECK: #[[B:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #tkc_gpu.slice<{dim = 1, parent = #b}>

// CHECK: #[[ROW:.*]] = #tkc_gpu.slice<{dim = 1, parent = #[[B]]}>
// CHECK-LABEL: func.func @convert
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<16xf32, #[[ROW]]> -> tensor<16xf32, #blocked1>
func.func @convert(%x: tensor<16xf32, #row>) -> tensor<16xf32, #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> {
  %c = tkc_gpu.convert_layout %x : tensor<16xf32, #row> -> tensor<16xf32, #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
  return %c : tensor<16xf32, #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
}
