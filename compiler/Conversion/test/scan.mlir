// RUN: tkc-opt %s --tkc-gpu-allocate-shared-memory --tkc-convert-tkcgpu-to-llvm="target=cuda:90a" | FileCheck %s
// An inclusive prefix sum of 2048 elements laid out 4 per thread, 32 lanes,
// 4 warps, and 4 repetitions of that 512-element tile: runs of 4 registers
// scan in the thread, lanes combine run totals with 5 XOR shuffles per
// repetition, warps exchange totals through shared memory (one slot per
// repetition and warp: 64 bytes), and each repetition carries the total of
// the tiles before it. The reverse scan mirrors every stage.

#l = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {{{.*}}tkc_gpu.shared = 64 : i32
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @prefix_sum
  func.func @prefix_sum(%x: tensor<2048xf32, #l>) -> tensor<2048xf32, #l> {
    // CHECK-NOT: llvm.xor
    // CHECK-COUNT-20: nvvm.shfl.sync bfly
    // CHECK-NOT: nvvm.shfl.sync
    // The kernel's first user of shared memory: no barrier before it stores.
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK: llvm.return
    %s = "tkc.scan"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.scan.return %t : f32
    }) {axis = 0 : i32} : (tensor<2048xf32, #l>) -> tensor<2048xf32, #l>
    return %s : tensor<2048xf32, #l>
  }

  // The same scan reversed (suffix sums) runs in mirrored order: a lane's
  // partner comes before it when the partner's bit is set (the lane bit,
  // negated), and warps are numbered from the last (warp index xor 3).
  // CHECK-LABEL: llvm.func @suffix_sum
  func.func @suffix_sum(%x: tensor<2048xf32, #l>) -> tensor<2048xf32, #l> {
    // CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
    // CHECK-NEXT: llvm.xor %{{.*}}, %[[TRUE]] : i1
    // CHECK: llvm.xor %{{.*}}, %{{.*}} : i32
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK: llvm.return
    %s = "tkc.scan"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.scan.return %t : f32
    }) {axis = 0 : i32, reverse} : (tensor<2048xf32, #l>) -> tensor<2048xf32, #l>
    return %s : tensor<2048xf32, #l>
  }
}
