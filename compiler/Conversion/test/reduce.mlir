// RUN: sed -e 's/WAVE/32/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-gpu-record-vector-widths --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: sed -e 's/WAVE/64/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-gpu-record-vector-widths --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s --check-prefixes=CHECK,HIP
// Reductions in three stages: registers in the thread, lanes by butterfly
// shuffles (nvvm.shfl.sync on cuda:90a, ds_bpermute on hip:gfx942), warps
// through shared memory between barriers. Warps have WAVE lanes, 32 or 64
// (filled in by sed): a wavefront of 64 needs a sixth shuffle, with lane
// mask 32, and covers the same row with half the registers.

// A row sum of a 32x512 tile whose rows span 4 registers (8 with 32 lanes),
// the lanes and 2 warps. The result has the slice layout: no conversion
// follows. A second reduction's scratch lies beside the first's: it needs
// no barrier before its stores.
#tile = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, WAVE], warpsPerCTA = [2, 2], order = [1, 0]}>
#rows = #tkc_gpu.slice<{dim = 1, parent = #tile}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK: llvm.mlir.global external @tkc_shared_memory()
  // CHECK-LABEL: llvm.func @row_sum
  func.func @row_sum(%x: tensor<32x512xf32, #tile>) -> tensor<32xf32, #rows> {
    // Stage 1: for each of the 16 rows the thread holds, 7 additions of 8
    // registers (cuda) or 3 of 4 (hip).
    // CUDA-COUNT-112: llvm.fadd
    // HIP-COUNT-48: llvm.fadd
    // Stage 2: lane masks 1, 2, 4, 8, 16 (and 32) for each row.
    // CUDA: nvvm.shfl.sync bfly {{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
    // CUDA-COUNT-79: nvvm.shfl.sync bfly
    // CUDA-NOT: nvvm.shfl.sync
    // HIP: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
    // HIP: %[[PARTNER:.*]] = llvm.xor %[[LANE]], %{{.*}} : i32
    // HIP: %[[ADDRESS:.*]] = llvm.shl %[[PARTNER]], %{{.*}} : i32
    // HIP: rocdl.ds_bpermute %[[ADDRESS]], %{{.*}} : (i32, i32) -> i32
    // HIP-COUNT-95: rocdl.ds_bpermute
    // HIP-NOT: rocdl.ds_bpermute
    // Stage 3: partials to shared memory, then each thread combines both
    // warps' partials of its rows.
    // The kernel's first user of shared memory stores without a barrier
    // (nothing can still be reading it); one barrier parts stores and loads.
    // CUDA-NOT: nvvm.barrier0
    // HIP-NOT: rocdl.barrier
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CUDA: nvvm.barrier0
    // HIP: rocdl.barrier
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK: llvm.fadd
    // CUDA-NOT: nvvm.barrier0
    // HIP-NOT: rocdl.barrier
    // CHECK: llvm.return
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<32x512xf32, #tile>) -> tensor<32xf32, #rows>
    return %s : tensor<32xf32, #rows>
  }

  // CHECK-LABEL: llvm.func @max_then_sum
  func.func @max_then_sum(%x: tensor<32x512xf32, #tile>) -> tensor<32xf32, #rows> {
    // The max: partials at offset 0, one barrier.
    // CUDA-NOT: nvvm.barrier0
    // HIP-NOT: rocdl.barrier
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CUDA: nvvm.barrier0
    // HIP: rocdl.barrier
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // The sum: partials 32 rows x 2 warps x 4 bytes further, stored with no
    // barrier before them, one barrier before its loads.
    // CUDA-NOT: nvvm.barrier0
    // HIP-NOT: rocdl.barrier
    // CHECK: %[[SUM:.*]] = llvm.getelementptr %{{.*}}[256] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CUDA-NOT: nvvm.barrier0
    // HIP-NOT: rocdl.barrier
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CUDA: nvvm.barrier0
    // HIP: rocdl.barrier
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CUDA-NOT: nvvm.barrier0
    // HIP-NOT: rocdl.barrier
    // CHECK: llvm.return
    %m = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.maxnumf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<32x512xf32, #tile>) -> tensor<32xf32, #rows>
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<32x512xf32, #tile>) -> tensor<32xf32, #rows>
    %r = arith.addf %m, %s : tensor<32xf32, #rows>
    return %r : tensor<32xf32, #rows>
  }
}

// -----

// A sum over 16 warps (a softmax row over 16 warps): after the barrier
// each lane loads one warp's partial (lane bits 0-3 pick it) and four
// butterfly shuffles combine the 16, instead of 16 loads whose values would
// all be live at once. Within a warp, 64 lanes take a sixth shuffle.
#row = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [16], order = [0]}>
module attributes {tkc_gpu.num_warps = 16 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @sum_16_warps
  func.func @sum_16_warps(%x: tensor<4096xf32, #row>) -> f32 {
    // CUDA-COUNT-7: llvm.fadd
    // CUDA-COUNT-5: nvvm.shfl.sync bfly
    // HIP-COUNT-3: llvm.fadd
    // HIP-COUNT-5: rocdl.ds_bpermute
    // HIP: %[[MASK32:.*]] = llvm.mlir.constant(32 : i32) : i32
    // HIP-NEXT: %[[PARTNER:.*]] = llvm.xor %{{.*}}, %[[MASK32]] : i32
    // HIP: rocdl.ds_bpermute
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CUDA: nvvm.barrier0
    // HIP: rocdl.barrier
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK-NOT: llvm.load
    // CUDA-COUNT-4: nvvm.shfl.sync bfly
    // HIP-COUNT-4: rocdl.ds_bpermute
    // CHECK-NOT: llvm.load
    // CHECK: llvm.return
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 0 : i32} : (tensor<4096xf32, #row>) -> f32
    return %s : f32
  }
}

// -----

// A sum over 8 warps loads all 8 partials and adds them as a tree: fewer
// instructions, 8 values live at once. The module is marked as having
// occupancy headroom: the driver tries the lowering that favors occupancy
// where registers limit programs.
#row = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [8], order = [0]}>
// CHECK: module attributes {{.*}}tkc_gpu.occupancy_headroom
module attributes {tkc_gpu.num_warps = 8 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @sum_8_warps_tree
  func.func @sum_8_warps_tree(%x: tensor<4096xf32, #row>) -> f32 {
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CUDA: nvvm.barrier0
    // HIP: rocdl.barrier
    // CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CUDA-NOT: nvvm.shfl.sync
    // HIP-NOT: rocdl.ds_bpermute
    // CHECK: llvm.return
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 0 : i32} : (tensor<4096xf32, #row>) -> f32
    return %s : f32
  }
}

// -----

// The same sum in a kernel that favors occupancy: one load per lane and
// three butterfly shuffles, and no headroom left to mark.
#row = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [8], order = [0]}>
// CHECK-NOT: tkc_gpu.occupancy_headroom
module attributes {tkc_gpu.num_warps = 8 : i32, tkc_gpu.threads_per_warp = WAVE : i32, tkc_gpu.favor_occupancy} {
  // CHECK-LABEL: llvm.func @sum_8_warps_shuffled
  func.func @sum_8_warps_shuffled(%x: tensor<4096xf32, #row>) -> f32 {
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CUDA: nvvm.barrier0
    // HIP: rocdl.barrier
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK-NOT: llvm.load
    // CUDA-COUNT-3: nvvm.shfl.sync bfly
    // HIP-COUNT-3: rocdl.ds_bpermute
    // CHECK-NOT: llvm.load
    // CHECK: llvm.return
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 0 : i32} : (tensor<4096xf32, #row>) -> f32
    return %s : f32
  }
}

// -----

// A combine that divides (a mean of counts, as Welford's) over 8 warps
// reads its partials with shuffles: three combines per output instead of
// seven, and no headroom to mark.
#row = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [8], order = [0]}>
// CHECK-NOT: tkc_gpu.occupancy_headroom
module attributes {tkc_gpu.num_warps = 8 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @dividing_combine_8_warps
  func.func @dividing_combine_8_warps(%x: tensor<4096xf32, #row>) -> f32 {
    // CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CUDA: nvvm.barrier0
    // HIP: rocdl.barrier
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK-NOT: llvm.load
    // CUDA-COUNT-3: nvvm.shfl.sync bfly
    // HIP-COUNT-3: rocdl.ds_bpermute
    // CHECK-NOT: llvm.load
    // CHECK: llvm.return
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      %h = arith.divf %t, %b : f32
      tkc.reduce.return %h : f32
    }) {axis = 0 : i32} : (tensor<4096xf32, #row>) -> f32
    return %s : f32
  }
}

// -----

// A tensor smaller than its layout's tile: each thread's 8 registers along
// a row hold its 4 elements twice (a free register bit), as mma.sync
// layouts of dots with few rows do. The sum adds each element once: 3
// additions, not 7; all lanes hold the same row, so none shuffle.
#tile = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, WAVE], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tkc_gpu.slice<{dim = 1, parent = #tile}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @sum_of_copies
  func.func @sum_of_copies(%x: tensor<4x4xf32, #tile>) -> tensor<4xf32, #rows> {
    // CHECK-COUNT-3: llvm.fadd
    // CHECK-NOT: llvm.fadd
    // CUDA-NOT: nvvm.shfl.sync
    // HIP-NOT: rocdl.ds_bpermute
    // CHECK: llvm.return
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<4x4xf32, #tile>) -> tensor<4xf32, #rows>
    return %s : tensor<4xf32, #rows>
  }
}
