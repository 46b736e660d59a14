// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkcgpu-to-llvm="target=cuda:90a" | FileCheck %s
// A row sum of a 64x256 tile whose rows span 4 registers, 32 lanes and 2
// warps: registers combine in the thread, lanes by 5 butterfly shuffles,
// and the 2 warps through shared memory between barriers. The result has
// the slice layout: no conversion follows. A second reduction's scratch
// lies beside the first's: it needs no barrier before its stores.

#tile = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#rows = #tkc_gpu.slice<{dim = 1, parent = #tile}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: llvm.mlir.global external @tkc_shared_memory()
  // CHECK-LABEL: llvm.func @row_sum
  func.func @row_sum(%x: tensor<64x256xf32, #tile>) -> tensor<64xf32, #rows> {
    // Stage 1: 4 registers of a row, 3 additions, for each of the 32 rows
    // the thread holds.
    // CHECK-COUNT-96: llvm.fadd
    // Stage 2: lane masks 1, 2, 4, 8, 16.
    // CHECK: nvvm.shfl.sync bfly {{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
    // CHECK-COUNT-159: nvvm.shfl.sync bfly
    // Stage 3: partials to shared memory, then each thread combines both
    // warps' partials of its rows.
    // The kernel's first user of shared memory stores without a barrier
    // (nothing can still be reading it); one barrier parts stores and loads.
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK: llvm.fadd
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<64x256xf32, #tile>) -> tensor<64xf32, #rows>
    return %s : tensor<64xf32, #rows>
  }

  // CHECK-LABEL: llvm.func @max_then_sum
  func.func @max_then_sum(%x: tensor<64x256xf32, #tile>) -> tensor<64xf32, #rows> {
    // The max: partials at offset 0, one barrier.
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // The sum: partials 64 rows x 2 warps x 4 bytes further, stored with no
    // barrier before them, one barrier before its loads.
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[SUM:.*]] = llvm.getelementptr %{{.*}}[512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %m = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.maxnumf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<64x256xf32, #tile>) -> tensor<64xf32, #rows>
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<64x256xf32, #tile>) -> tensor<64xf32, #rows>
    %r = arith.addf %m, %s : tensor<64xf32, #rows>
    return %r : tensor<64xf32, #rows>
  }
}

// -----

// A sum over 16 warps (a row of 2048 in one program, as softmax's 8192 with
// 16 warps): after the barrier each lane loads one warp's partial (lane bits
// 0-3 pick it) and four butterfly shuffles combine the 16, instead of 16
// loads whose values would all be live at once.
#row = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [16], order = [0]}>
module attributes {tkc_gpu.num_warps = 16 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @sum_16_warps
  func.func @sum_16_warps(%x: tensor<2048xf32, #row>) -> f32 {
    // CHECK-COUNT-3: llvm.fadd
    // CHECK-COUNT-5: nvvm.shfl.sync bfly
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK-NOT: llvm.load
    // CHECK-COUNT-4: nvvm.shfl.sync bfly
    // CHECK-NOT: llvm.load
    // CHECK: llvm.return
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 0 : i32} : (tensor<2048xf32, #row>) -> f32
    return %s : f32
  }
}
