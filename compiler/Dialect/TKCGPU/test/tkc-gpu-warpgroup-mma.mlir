// RUN: tkc-opt %s --split-input-file --tkc-gpu-warpgroup-mma="target=cuda:90a" | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-gpu-warpgroup-mma="target=cuda:80" | FileCheck %s --check-prefix=AMPERE

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // Both operands are whole tiles read only by the dot, and the four warps
  // lie along M: the dot reads the tiles where they are.
  // CHECK-LABEL: func.func @tiles
  // CHECK-SAME: (%[[TA:.*]]: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %[[TB:.*]]: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %[[C:.*]]: tensor<64x128xf32, #mma>)
  // CHECK-NEXT: %[[D:.*]] = tkc_gpu.warpgroup_dot %[[TA]], %[[TB]], %[[C]] : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
  // CHECK-NEXT: return %[[D]]
  // sm_80 has no warpgroup multiply.
  // AMPERE-LABEL: func.func @tiles
  // AMPERE: tkc_gpu.local_load
  // AMPERE: tkc.dot
  func.func @tiles(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }

  // A in registers (attention's Q and P) is read from them, in mma.sync's
  // A fragments; B still comes from its tile.
  // CHECK-LABEL: func.func @register_a
  // CHECK-SAME: (%[[A:.*]]: tensor<64x32xf16, #dot_op{{[0-9]*}}>, %[[TB:.*]]: !tkc_gpu.shared
  // CHECK-NEXT: tkc_gpu.warpgroup_dot %[[A]], %[[TB]], %{{.*}} : tensor<64x32xf16, #dot_op{{[0-9]*}}> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
  func.func @register_a(%a: tensor<64x32xf16, #a>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }

  // B in registers keeps the dot on mma.sync: wgmma reads B from shared
  // memory only.
  // CHECK-LABEL: func.func @register_b
  // CHECK-NOT: warpgroup_dot
  // CHECK: tkc.dot
  func.func @register_b(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %b: tensor<32x128xf16, #b>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // Warps split along N: no warpgroup owns whole rows.
  // CHECK-LABEL: func.func @split_warps
  // CHECK-NOT: warpgroup_dot
  // CHECK: tkc.dot
  func.func @split_warps(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }
}
