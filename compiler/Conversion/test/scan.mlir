// RUN: sed -e 's/WAVE/32/g' -e 's/WARPS/4/g' %s | tkc-opt --tkc-gpu-allocate-shared-memory --tkc-gpu-record-vector-widths --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: sed -e 's/WAVE/64/g' -e 's/WARPS/2/g' %s | tkc-opt --tkc-gpu-allocate-shared-memory --tkc-gpu-record-vector-widths --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s --check-prefixes=CHECK,HIP
// An inclusive prefix sum of 2048 elements laid out 4 per thread over 128
// threads (4 warps of 32 lanes on cuda:90a, 2 wavefronts of 64 on
// hip:gfx942; sed fills in WAVE and WARPS), and 4 repetitions of that
// 512-element tile: runs of 4 registers scan in the thread; lanes scan run
// totals with one indexed shuffle per lane bit and repetition (5 or 6),
// then take the running total of the lane before them and of the last lane
// (two more per repetition); warps exchange totals through shared memory
// (one slot per repetition and warp), and each repetition carries the total
// of the tiles before it. The reverse scan mirrors every stage.

#l = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
#copies = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
// CUDA: module attributes {{{.*}}tkc_gpu.shared = 64 : i32
// HIP: module attributes {{{.*}}tkc_gpu.shared = 32 : i32
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @prefix_sum
  func.func @prefix_sum(%x: tensor<2048xf32, #l>) -> tensor<2048xf32, #l> {
    // CUDA-NOT: llvm.xor
    // CUDA-COUNT-28: nvvm.shfl.sync {{ *}}idx
    // CUDA-NOT: nvvm.shfl.sync
    // HIP-COUNT-32: rocdl.ds_bpermute
    // HIP-NOT: rocdl.ds_bpermute
    // The kernel's first user of shared memory: no barrier before it stores.
    // CUDA-NOT: nvvm.barrier0
    // HIP-NOT: rocdl.barrier
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CUDA: nvvm.barrier0
    // HIP: rocdl.barrier
    // Each thread reads the totals of every repetition's warps.
    // CUDA-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // HIP-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK-NOT: llvm.load
    // CHECK: llvm.return
    %s = "tkc.scan"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.scan.return %t : f32
    }) {axis = 0 : i32} : (tensor<2048xf32, #l>) -> tensor<2048xf32, #l>
    return %s : tensor<2048xf32, #l>
  }

  // The same scan reversed (suffix sums) runs in mirrored order: lanes and
  // warps are numbered from the last.
  // CHECK-LABEL: llvm.func @suffix_sum
  func.func @suffix_sum(%x: tensor<2048xf32, #l>) -> tensor<2048xf32, #l> {
    // The lane's position, packed from its 5 (6) bits, then mirrored.
    // CUDA: %[[LANES:.*]] = llvm.mlir.constant(31 : i32) : i32
    // HIP: %[[LANES:.*]] = llvm.mlir.constant(63 : i32) : i32
    // CHECK-NEXT: llvm.xor %{{.*}}, %[[LANES]] : i32
    // CUDA-COUNT-28: nvvm.shfl.sync
    // HIP-COUNT-32: rocdl.ds_bpermute
    // The warp index, packed from its 2 bits (1 bit of 2 wavefronts), then
    // mirrored.
    // CUDA: llvm.or %{{.*}}, %{{.*}} : i32
    // CHECK: %[[WARP:.*]] = llvm.or %{{.*}}, %{{.*}} : i32
    // CUDA-NEXT: %[[LAST:.*]] = llvm.mlir.constant(3 : i32) : i32
    // HIP-NEXT: %[[LAST:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK-NEXT: llvm.xor %[[WARP]], %[[LAST]] : i32
    // CUDA: nvvm.barrier0
    // HIP: rocdl.barrier
    // CUDA-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // HIP-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK: llvm.return
    %s = "tkc.scan"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.scan.return %t : f32
    }) {axis = 0 : i32, reverse} : (tensor<2048xf32, #l>) -> tensor<2048xf32, #l>
    return %s : tensor<2048xf32, #l>
  }

  // A tensor of 4 in a layout of 8 registers per thread: registers 4 to 7
  // copy 0 to 3 (a free register bit), and take their sums.
  // CHECK-LABEL: llvm.func @prefix_sum_of_copies
  // CHECK: %[[X0:.*]] = llvm.extractvalue %{{.*}}[0]
  // CHECK: %[[X1:.*]] = llvm.extractvalue %{{.*}}[1]
  // CHECK: llvm.fadd %[[X0]], %[[X1]] : f32
  // CHECK: llvm.insertvalue %[[R1:.*]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[R1]], %{{.*}}[5]
  func.func @prefix_sum_of_copies(%x: tensor<4xf32, #copies>) -> tensor<4xf32, #copies> {
    %s = "tkc.scan"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.scan.return %t : f32
    }) {axis = 0 : i32} : (tensor<4xf32, #copies>) -> tensor<4xf32, #copies>
    return %s : tensor<4xf32, #copies>
  }
}
