// RUN: sed -e 's/WAVE/32/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s
// RUN: sed -e 's/WAVE/64/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s
// tkc.trans moves no data: its result layout is its operand's with the
// dimensions permuted (BlockedEncodingAttr::getTransposed), so result
// register i is operand register i, on every target (one warp of WAVE
// lanes, filled in by sed): no shared memory, no barrier.

// A 2-D transpose: each thread's row of 4 becomes a column of 4.
#row = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [WAVE, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#col = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [1, WAVE], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @trans_2d
  // CHECK-NOT: tkc_shared_memory
  // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[R2:.*]] = llvm.extractvalue %arg0[2]
  // CHECK: %[[R3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R1]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[R2]], %{{.*}}[2]
  // CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
  // CHECK-NOT: llvm.store
  // CHECK-NOT: barrier
  // CHECK: llvm.return
  func.func @trans_2d(%x: tensor<WAVEx4xf32, #row>) -> tensor<4xWAVExf32, #col> {
    %t = tkc.trans %x {order = array<i32: 1, 0>} : tensor<WAVEx4xf32, #row> -> tensor<4xWAVExf32, #col>
    return %t : tensor<4xWAVExf32, #col>
  }
}

// -----

// A 3-D permutation (tl.permute(x, (2, 0, 1))): 8 registers, in order.
#s = #tkc_gpu.blocked<{sizePerThread = [2, 4, 1], threadsPerWarp = [1, 1, WAVE], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
#p = #tkc_gpu.blocked<{sizePerThread = [1, 2, 4], threadsPerWarp = [WAVE, 1, 1], warpsPerCTA = [1, 1, 1], order = [0, 2, 1]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @permute_3d
  // CHECK-NOT: tkc_shared_memory
  // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[R7:.*]] = llvm.extractvalue %arg0[7]
  // CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R7]], %{{.*}}[7]
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  func.func @permute_3d(%x: tensor<2x4xWAVExi8, #s>) -> tensor<WAVEx2x4xi8, #p> {
    %t = tkc.trans %x {order = array<i32: 2, 0, 1>} : tensor<2x4xWAVExi8, #s> -> tensor<WAVEx2x4xi8, #p>
    return %t : tensor<WAVEx2x4xi8, #p>
  }
}
