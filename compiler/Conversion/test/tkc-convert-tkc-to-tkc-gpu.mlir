// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=32" | FileCheck %s --check-prefixes=CHECK,W32
// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=2 threads-per-warp=64" | FileCheck %s --check-prefixes=CHECK,W64
// The same 128 threads as 4 warps of 32 lanes or 2 wavefronts of 64: the
// layouts follow the launch shape the options give.

// Every tensor gets the default blocked layout of its shape; the module
// records the launch shape.
// W32: #[[L:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// W32: module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32}
// W64: #[[L:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>
// W64: module attributes {tkc_gpu.num_warps = 2 : i32, tkc_gpu.threads_per_warp = 64 : i32}
// CHECK-LABEL: func.func @range
// CHECK: tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[L]]>
// CHECK: arith.constant dense<1> : tensor<256xi32, #[[L]]>
func.func @range() -> tensor<256xi32> {
  %r = tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %one = arith.constant dense<1> : tensor<256xi32>
  %s = arith.addi %r, %one : tensor<256xi32>
  return %s : tensor<256xi32>
}

// -----

// expand_dims takes a slice of its result's layout, and broadcast the
// layout of its result: conversions relate them to the defaults.
// W32-DAG: #[[ROWS:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// W32-DAG: #[[TILE:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// W32-DAG: #[[COL:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// W64-DAG: #[[ROWS:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>
// W64-DAG: #[[TILE:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 1], order = [1, 0]}>
// W64-DAG: #[[COL:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[SLICE:.*]] = #tkc_gpu.slice<{dim = 1, parent = #[[COL]]}>
// CHECK-LABEL: func.func @outer
// CHECK: %[[R:.*]] = tkc.make_range {{.*}} : tensor<64xi32, #[[ROWS]]>
// CHECK: %[[S:.*]] = tkc_gpu.convert_layout %[[R]] : tensor<64xi32, #[[ROWS]]> -> tensor<64xi32, #[[SLICE]]>
// CHECK: %[[E:.*]] = tkc.expand_dims %[[S]] {axis = 1 : i32} : tensor<64xi32, #[[SLICE]]> -> tensor<64x1xi32, #[[COL]]>
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %[[E]] : tensor<64x1xi32, #[[COL]]> -> tensor<64x1xi32, #[[TILE]]>
// CHECK: tkc.broadcast %[[C]] : tensor<64x1xi32, #[[TILE]]> -> tensor<64x64xi32, #[[TILE]]>
func.func @outer() -> tensor<64x64xi32> {
  %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %e = tkc.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %b = tkc.broadcast %e : tensor<64x1xi32> -> tensor<64x64xi32>
  return %b : tensor<64x64xi32>
}
