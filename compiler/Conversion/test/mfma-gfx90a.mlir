// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx90a" | FileCheck %s
// RUN: not tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx1100:64" 2>&1 | FileCheck %s --check-prefix=RDNA
// tkc.dot on gfx90a's MFMA: the CDNA2 forms of fp16, bf16 (_1k) and fp32
// are gfx942's; int8 takes four bytes per lane in one i32 (32x32x8,
// 16x16x16). Targets without MFMA report such a dot.

#mfma = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 4}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
  // CHECK-LABEL: llvm.func @f16
  // CHECK-COUNT-4: rocdl.mfma.f32.32x32x8f16 {{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  // CHECK-NOT: rocdl.mfma
  // RDNA: mfma-gfx90a.mlir:[[@LINE+2]]:10: error: code generation does not support 'tkc.dot' with a matrix instruction layout on a target without that instruction for its element types yet
  func.func @f16(%x: tensor<64x32xf16, #a>, %y: tensor<32x64xf16, #b>, %z: tensor<64x64xf32, #mfma>) -> tensor<64x64xf32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<64x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<64x64xf32, #mfma>
    return %d : tensor<64x64xf32, #mfma>
  }

  // CHECK-LABEL: llvm.func @i8
  // CHECK-COUNT-4: rocdl.mfma.i32.32x32x8i8 {{.*}} : (i32, i32, vector<16xi32>, i32, i32, i32) -> vector<16xi32>
  // CHECK-NOT: rocdl.mfma
  func.func @i8(%x: tensor<64x32xi8, #a>, %y: tensor<32x64xi8, #b>, %z: tensor<64x64xi32, #mfma>) -> tensor<64x64xi32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<64x32xi8, #a> * tensor<32x64xi8, #b> -> tensor<64x64xi32, #mfma>
    return %d : tensor<64x64xi32, #mfma>
  }
}

// -----

#mfma = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [16, 16]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 4}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
  // CHECK-LABEL: llvm.func @i8
  // CHECK-COUNT-2: rocdl.mfma.i32.16x16x16i8 {{.*}} : (i32, i32, vector<4xi32>, i32, i32, i32) -> vector<4xi32>
  // CHECK-NOT: rocdl.mfma
  func.func @i8(%x: tensor<32x32xi8, #a>, %y: tensor<32x32xi8, #b>, %z: tensor<32x32xi32, #mfma>) -> tensor<32x32xi32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<32x32xi8, #a> * tensor<32x32xi8, #b> -> tensor<32x32xi32, #mfma>
    return %d : tensor<32x32xi32, #mfma>
  }
}
