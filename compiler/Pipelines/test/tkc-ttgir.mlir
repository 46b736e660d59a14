// RUN: tkc-opt %s --tkc-ttgir="num-warps=4 threads-per-warp=32" | FileCheck %s --check-prefixes=CHECK,W32
// RUN: tkc-opt %s --tkc-ttgir="num-warps=2 threads-per-warp=64" | FileCheck %s --check-prefixes=CHECK,W64
// The ttgir pipeline on a vector add: every tensor gets a layout for the
// launch shape (128 threads as 4 warps of 32 or 2 wavefronts of 64), the
// 16-byte-aligned accesses are coalesced to 4 elements per thread, and the
// conversions that introduces are removed by computing the offsets, mask
// and sum in that layout; duplicates are merged. One layout is left.

// W32: #[[L:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// W64: #[[L:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>
// CHECK-NOT: #tkc_gpu.blocked
// W32: module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32}
// W64: module attributes {tkc_gpu.num_warps = 2 : i32, tkc_gpu.threads_per_warp = 64 : i32}
// CHECK-LABEL: func.func @add
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[OFFS:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<1024xi32, #[[L]]>
// CHECK: %[[XP:.*]] = tkc.addptr %{{.*}}, %[[OFFS]]
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %[[OFFS]], %{{.*}} : tensor<1024xi32, #[[L]]>
// CHECK: %[[X:.*]] = tkc.load %[[XP]], %[[MASK]] : tensor<1024x!tkc.ptr<f32>, #[[L]]>
// CHECK: %[[YP:.*]] = tkc.addptr %{{.*}}, %[[OFFS]]
// CHECK: %[[Y:.*]] = tkc.load %[[YP]], %[[MASK]] : tensor<1024x!tkc.ptr<f32>, #[[L]]>
// CHECK: %[[OP:.*]] = tkc.addptr %{{.*}}, %[[OFFS]]
// CHECK: %[[SUM:.*]] = arith.addf %[[X]], %[[Y]] : tensor<1024xf32, #[[L]]>
// CHECK: tkc.store %[[OP]], %[[SUM]], %[[MASK]] : tensor<1024x!tkc.ptr<f32>, #[[L]]>
// CHECK-NOT: tkc_gpu.convert_layout
func.func @add(%x: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %y: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %out: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}) {
  %pid = tkc.program_id 0
  %c1024 = arith.constant 1024 : i32
  %base = arith.muli %pid, %c1024 : i32
  %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %b = tkc.splat %base : tensor<1024xi32>
  %offs = arith.addi %b, %r : tensor<1024xi32>
  %ns = tkc.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %xs = tkc.splat %x : tensor<1024x!tkc.ptr<f32>>
  %xp = tkc.addptr %xs, %offs : tensor<1024x!tkc.ptr<f32>>, tensor<1024xi32>
  %xv = tkc.load %xp, %mask : tensor<1024x!tkc.ptr<f32>>
  %ys = tkc.splat %y : tensor<1024x!tkc.ptr<f32>>
  %yp = tkc.addptr %ys, %offs : tensor<1024x!tkc.ptr<f32>>, tensor<1024xi32>
  %yv = tkc.load %yp, %mask : tensor<1024x!tkc.ptr<f32>>
  %sum = arith.addf %xv, %yv : tensor<1024xf32>
  %os = tkc.splat %out : tensor<1024x!tkc.ptr<f32>>
  %op = tkc.addptr %os, %offs : tensor<1024x!tkc.ptr<f32>>, tensor<1024xi32>
  tkc.store %op, %sum, %mask : tensor<1024x!tkc.ptr<f32>>
  return
}
