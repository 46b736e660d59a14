// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s
// tkc.dot on gfx942's MFMA (rocdl.mfma.*): one instruction per block of
// the warp's tile and step of K, the operands packed per lane as the
// instruction takes them (mfma-gfx90a.mlir has gfx90a's forms).

#mfma = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 4}>
#a8 = #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 8}>
#b8 = #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 8}>
#a1 = #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 1}>
#b1 = #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 1}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
  // A 64x128 result over 2x2 warps: each warp has one 32x32 block along M
  // and two along N, and K = 32 is four steps of 8: 8 instructions, each
  // taking 4 fp16 of a and of b and 16 fp32 accumulators; cbsz, abid and
  // blgp are 0.
  // CHECK-LABEL: llvm.func @f16
  // CHECK: rocdl.mfma.f32.32x32x8f16 %{{.*}}, %{{.*}}, %{{.*}}, %[[ZERO:[0-9]+]], %[[ZERO]], %[[ZERO]] : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  // CHECK-COUNT-7: rocdl.mfma.f32.32x32x8f16 {{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  // CHECK-NOT: rocdl.mfma
  func.func @f16(%x: tensor<64x32xf16, #a>, %y: tensor<32x128xf16, #b>, %z: tensor<64x128xf32, #mfma>) -> tensor<64x128xf32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mfma>
    return %d : tensor<64x128xf32, #mfma>
  }

  // bf16 (the _1k form) takes its operands as <4 x i16>.
  // CHECK-LABEL: llvm.func @bf16
  // CHECK-COUNT-2: rocdl.mfma.f32.32x32x8bf16.1k {{.*}} : (vector<4xi16>, vector<4xi16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  // CHECK-NOT: rocdl.mfma
  func.func @bf16(%x: tensor<64x16xbf16, #a>, %y: tensor<16x64xbf16, #b>, %z: tensor<64x64xf32, #mfma>) -> tensor<64x64xf32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<64x16xbf16, #a> * tensor<16x64xbf16, #b> -> tensor<64x64xf32, #mfma>
    return %d : tensor<64x64xf32, #mfma>
  }

  // int8: eight bytes per lane in one i64, 32x32x16, int32 sums.
  // CHECK-LABEL: llvm.func @i8
  // CHECK-COUNT-2: rocdl.mfma.i32.32x32x16.i8 {{.*}} : (i64, i64, vector<16xi32>, i32, i32, i32) -> vector<16xi32>
  // CHECK-NOT: rocdl.mfma
  func.func @i8(%x: tensor<64x32xi8, #a8>, %y: tensor<32x64xi8, #b8>, %z: tensor<64x64xi32, #mfma>) -> tensor<64x64xi32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<64x32xi8, #a8> * tensor<32x64xi8, #b8> -> tensor<64x64xi32, #mfma>
    return %d : tensor<64x64xi32, #mfma>
  }

  // fp8 and bf8 (FNUZ): eight per lane in one i64, 32x32x16.
  // CHECK-LABEL: llvm.func @fp8
  // CHECK-COUNT-2: rocdl.mfma.f32.32x32x16.fp8.fp8 {{.*}} : (i64, i64, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  // CHECK-COUNT-2: rocdl.mfma.f32.32x32x16.bf8.bf8 {{.*}} : (i64, i64, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  func.func @fp8(%x: tensor<64x32xf8E4M3FNUZ, #a8>, %y: tensor<32x64xf8E4M3FNUZ, #b8>, %u: tensor<64x32xf8E5M2FNUZ, #a8>, %v: tensor<32x64xf8E5M2FNUZ, #b8>, %z: tensor<64x64xf32, #mfma>) -> tensor<64x64xf32, #mfma> {
    %t = tkc.dot %x, %y, %z : tensor<64x32xf8E4M3FNUZ, #a8> * tensor<32x64xf8E4M3FNUZ, #b8> -> tensor<64x64xf32, #mfma>
    %d = tkc.dot %u, %v, %t : tensor<64x32xf8E5M2FNUZ, #a8> * tensor<32x64xf8E5M2FNUZ, #b8> -> tensor<64x64xf32, #mfma>
    return %d : tensor<64x64xf32, #mfma>
  }

  // fp32: one element per lane, 32x32x2: four steps of K = 8.
  // CHECK-LABEL: llvm.func @f32
  // CHECK-COUNT-4: rocdl.mfma.f32.32x32x2f32 {{.*}} : (f32, f32, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  // CHECK-NOT: rocdl.mfma
  func.func @f32(%x: tensor<64x8xf32, #a1>, %y: tensor<8x64xf32, #b1>, %z: tensor<64x64xf32, #mfma>) -> tensor<64x64xf32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<64x8xf32, #a1> * tensor<8x64xf32, #b1> -> tensor<64x64xf32, #mfma>
    return %d : tensor<64x64xf32, #mfma>
  }
}

// -----

// 16x16 blocks: 4 accumulators per lane; a 32x32 result over 2x2 warps is
// one block per warp, K = 32 two steps of 16 (fp16) or one of 32 (fp8).
#mfma = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [16, 16]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 4}>
#a8 = #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 8}>
#b8 = #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 8}>
#a1 = #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 1}>
#b1 = #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 1}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
  // CHECK-LABEL: llvm.func @f16
  // CHECK-COUNT-2: rocdl.mfma.f32.16x16x16f16 {{.*}} : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  // CHECK-NOT: rocdl.mfma
  func.func @f16(%x: tensor<32x32xf16, #a>, %y: tensor<32x32xf16, #b>, %z: tensor<32x32xf32, #mfma>) -> tensor<32x32xf32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mfma>
    return %d : tensor<32x32xf32, #mfma>
  }

  // CHECK-LABEL: llvm.func @bf16
  // CHECK-COUNT-2: rocdl.mfma.f32.16x16x16bf16.1k {{.*}} : (vector<4xi16>, vector<4xi16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  func.func @bf16(%x: tensor<32x32xbf16, #a>, %y: tensor<32x32xbf16, #b>, %z: tensor<32x32xf32, #mfma>) -> tensor<32x32xf32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<32x32xbf16, #a> * tensor<32x32xbf16, #b> -> tensor<32x32xf32, #mfma>
    return %d : tensor<32x32xf32, #mfma>
  }

  // CHECK-LABEL: llvm.func @i8
  // CHECK: rocdl.mfma.i32.16x16x32.i8 {{.*}} : (i64, i64, vector<4xi32>, i32, i32, i32) -> vector<4xi32>
  // CHECK-NOT: rocdl.mfma
  func.func @i8(%x: tensor<32x32xi8, #a8>, %y: tensor<32x32xi8, #b8>, %z: tensor<32x32xi32, #mfma>) -> tensor<32x32xi32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<32x32xi8, #a8> * tensor<32x32xi8, #b8> -> tensor<32x32xi32, #mfma>
    return %d : tensor<32x32xi32, #mfma>
  }

  // CHECK-LABEL: llvm.func @fp8
  // CHECK: rocdl.mfma.f32.16x16x32.fp8.fp8 {{.*}} : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  // CHECK: rocdl.mfma.f32.16x16x32.bf8.bf8 {{.*}} : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  func.func @fp8(%x: tensor<32x32xf8E4M3FNUZ, #a8>, %y: tensor<32x32xf8E4M3FNUZ, #b8>, %u: tensor<32x32xf8E5M2FNUZ, #a8>, %v: tensor<32x32xf8E5M2FNUZ, #b8>, %z: tensor<32x32xf32, #mfma>) -> tensor<32x32xf32, #mfma> {
    %t = tkc.dot %x, %y, %z : tensor<32x32xf8E4M3FNUZ, #a8> * tensor<32x32xf8E4M3FNUZ, #b8> -> tensor<32x32xf32, #mfma>
    %d = tkc.dot %u, %v, %t : tensor<32x32xf8E5M2FNUZ, #a8> * tensor<32x32xf8E5M2FNUZ, #b8> -> tensor<32x32xf32, #mfma>
    return %d : tensor<32x32xf32, #mfma>
  }

  // CHECK-LABEL: llvm.func @f32
  // CHECK-COUNT-2: rocdl.mfma.f32.16x16x4f32 {{.*}} : (f32, f32, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  // CHECK-NOT: rocdl.mfma
  func.func @f32(%x: tensor<32x8xf32, #a1>, %y: tensor<8x32xf32, #b1>, %z: tensor<32x32xf32, #mfma>) -> tensor<32x32xf32, #mfma> {
    %d = tkc.dot %x, %y, %z : tensor<32x8xf32, #a1> * tensor<8x32xf32, #b1> -> tensor<32x32xf32, #mfma>
    return %d : tensor<32x32xf32, #mfma>
  }
}
