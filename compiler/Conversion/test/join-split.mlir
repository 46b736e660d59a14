// RUN: sed -e 's/WAVE/32/g' -e 's/ELEMS/64/g' -e 's/LANES/[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]/g' -e 's/ROWS/[2], [4], [8], [16], [32]/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s
// RUN: sed -e 's/WAVE/64/g' -e 's/ELEMS/128/g' -e 's/LANES/[2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]/g' -e 's/ROWS/[2], [4], [8], [16], [32], [64]/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s
// tkc.join and tkc.split move no data: the pair of each element lies in two
// consecutive registers of the thread that holds the element
// (BlockedEncodingAttr::getJoined), on every target (one warp of WAVE
// lanes, 2 elements each: ELEMS, filled in by sed): no shared memory, no
// barrier. So do splits of a #tkc_gpu.linear layout whose side is picked by
// a later register bit (an MMA accumulator reshaped, whose pairs are 8
// columns apart): the lanes' bases, LANES and ROWS, are filled in by sed.

#single = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [WAVE], warpsPerCTA = [1], order = [0]}>
#pair = #tkc_gpu.blocked<{sizePerThread = [2, 2], threadsPerWarp = [WAVE, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // join: a0 b0 a1 b1.
  // CHECK-LABEL: llvm.func @join
  // CHECK-NOT: tkc_shared_memory
  // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0]
  // CHECK-DAG: %[[B1:.*]] = llvm.extractvalue %arg1[1]
  // CHECK: llvm.insertvalue %[[A0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[B0]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[A1]], %{{.*}}[2]
  // CHECK: llvm.insertvalue %[[B1]], %{{.*}}[3]
  // CHECK-NOT: barrier
  // CHECK: llvm.return
  func.func @join(%a: tensor<ELEMSxf32, #single>, %b: tensor<ELEMSxf32, #single>) -> tensor<ELEMSx2xf32, #pair> {
    %j = tkc.join %a, %b : tensor<ELEMSxf32, #single> -> tensor<ELEMSx2xf32, #pair>
    return %j : tensor<ELEMSx2xf32, #pair>
  }

  // split: registers 0 and 2 go to the first result, 1 and 3 to the second.
  // CHECK-LABEL: llvm.func @split
  // CHECK-NOT: tkc_shared_memory
  // CHECK-DAG: %[[R0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-DAG: %[[R1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK-DAG: %[[R2:.*]] = llvm.extractvalue %arg0[2]
  // CHECK-DAG: %[[R3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R2]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[R1]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R3]], %{{.*}}[1]
  // CHECK-NOT: barrier
  // CHECK: llvm.return
  func.func @split(%x: tensor<ELEMSx2xf32, #pair>) -> (tensor<ELEMSxf32, #single>, tensor<ELEMSxf32, #single>) {
    %a, %b = tkc.split %x : tensor<ELEMSx2xf32, #pair> -> tensor<ELEMSxf32, #single>
    return %a, %b : tensor<ELEMSxf32, #single>, tensor<ELEMSxf32, #single>
  }

  // split of a linear layout: register bit 1 picks the side, so registers
  // 0 and 1 go to the first result, 2 and 3 to the second.
  // CHECK-LABEL: llvm.func @split_linear
  // CHECK-NOT: tkc_shared_memory
  // CHECK-DAG: %[[L0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK-DAG: %[[L1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK-DAG: %[[L2:.*]] = llvm.extractvalue %arg0[2]
  // CHECK-DAG: %[[L3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: llvm.insertvalue %[[L0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[L1]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[L2]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[L3]], %{{.*}}[1]
  // CHECK-NOT: barrier
  // CHECK: llvm.return
  func.func @split_linear(%x: tensor<ELEMSx2xf32, #tkc_gpu.linear<{register = [[1, 0], [0, 1]], lane = [LANES], warp = []}>>) -> (tensor<ELEMSxf32, #tkc_gpu.linear<{register = [[1]], lane = [ROWS], warp = []}>>, tensor<ELEMSxf32, #tkc_gpu.linear<{register = [[1]], lane = [ROWS], warp = []}>>) {
    %a, %b = tkc.split %x : tensor<ELEMSx2xf32, #tkc_gpu.linear<{register = [[1, 0], [0, 1]], lane = [LANES], warp = []}>> -> tensor<ELEMSxf32, #tkc_gpu.linear<{register = [[1]], lane = [ROWS], warp = []}>>
    return %a, %b : tensor<ELEMSxf32, #tkc_gpu.linear<{register = [[1]], lane = [ROWS], warp = []}>>, tensor<ELEMSxf32, #tkc_gpu.linear<{register = [[1]], lane = [ROWS], warp = []}>>
  }
}
