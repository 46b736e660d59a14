// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=64" --tkc-gpu-accelerate-matmul="target=hip:gfx942" | FileCheck %s --check-prefixes=CHECK,GFX942
// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=64" --tkc-gpu-accelerate-matmul="target=hip:gfx90a" | FileCheck %s --check-prefixes=CHECK,GFX90A
// tkc-gpu-accelerate-matmul on AMD's CDNA2 (gfx90a) and CDNA3 (gfx942):
// dots move onto MFMA, 32x32 blocks where every warp gets one of its own,
// else 16x16; warps spread over M and N by blocks.

// fp16 into fp32: a 64x64 result holds four 32x32 blocks, one per warp
// (2 along M, 2 along N); the operands hold 4 fp16 along K per lane.
// CHECK-DAG: #[[MFMA:.*]] = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 4}>
// CHECK-DAG: #[[B:.*]] = #tkc_gpu.dot_op<{opIdx = 1, parent = #[[MFMA]], kWidth = 4}>
// CHECK-LABEL: func.func @f16
// CHECK-SAME: (%[[X:.*]]: tensor<64x32xf16, #[[DA:blocked[0-9]*]]>, %[[Y:.*]]: tensor<32x64xf16, #[[DB:blocked[0-9]*]]>, %[[Z:.*]]: tensor<64x64xf32, #[[DC:blocked[0-9]*]]>)
// CHECK: %[[XA:.*]] = tkc_gpu.convert_layout %[[X]] : tensor<64x32xf16, #[[DA]]> -> tensor<64x32xf16, #[[A]]>
// CHECK: %[[YB:.*]] = tkc_gpu.convert_layout %[[Y]] : tensor<32x64xf16, #[[DB]]> -> tensor<32x64xf16, #[[B]]>
// CHECK: %[[ZC:.*]] = tkc_gpu.convert_layout %[[Z]] : tensor<64x64xf32, #[[DC]]> -> tensor<64x64xf32, #[[MFMA]]>
// CHECK: %[[D:.*]] = tkc.dot %[[XA]], %[[YB]], %[[ZC]] : tensor<64x32xf16, #[[A]]> * tensor<32x64xf16, #[[B]]> -> tensor<64x64xf32, #[[MFMA]]>
// CHECK: tkc_gpu.convert_layout %[[D]] : tensor<64x64xf32, #[[MFMA]]> -> tensor<64x64xf32, #blocked
func.func @f16(%x: tensor<64x32xf16>, %y: tensor<32x64xf16>, %z: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tkc.dot %x, %y, %z : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// -----

// A 32x32 result is one 32x32 block, too few for four warps: four 16x16
// blocks, one per warp.
// CHECK-DAG: #[[MFMA:.*]] = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [16, 16]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 4}>
// CHECK-LABEL: func.func @small_f16
// CHECK: tkc.dot {{.*}} : tensor<32x32xf16, #[[A]]> * {{.*}} -> tensor<32x32xf32, #[[MFMA]]>
func.func @small_f16(%x: tensor<32x32xf16>, %y: tensor<32x32xf16>, %z: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tkc.dot %x, %y, %z : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
  return %d : tensor<32x32xf32>
}

// -----

// bf16, one 16-row tile high (32 does not divide 16): 16x16 blocks, all
// four warps along N.
// CHECK-DAG: #[[MFMA:.*]] = #tkc_gpu.amd_mfma<{warpsPerCTA = [1, 4], instrShape = [16, 16]}>
// CHECK-LABEL: func.func @flat_bf16
// CHECK: tkc.dot {{.*}} -> tensor<16x64xf32, #[[MFMA]]>
func.func @flat_bf16(%x: tensor<16x16xbf16>, %y: tensor<16x64xbf16>, %z: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %d = tkc.dot %x, %y, %z : tensor<16x16xbf16> * tensor<16x64xbf16> -> tensor<16x64xf32>
  return %d : tensor<16x64xf32>
}

// -----

// fp32 on the exact fp32 instructions (one element per lane and block),
// whatever the input precision.
// CHECK-DAG: #[[MFMA:.*]] = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 1}>
// CHECK-LABEL: func.func @f32
// CHECK: tkc.dot {{.*}} : tensor<64x16xf32, #[[A]]> * {{.*}} -> tensor<64x64xf32, #[[MFMA]]>
// CHECK: tkc.dot {{.*}} : tensor<64x16xf32, #[[A]]> * {{.*}} -> tensor<64x64xf32, #[[MFMA]]>
func.func @f32(%x: tensor<64x16xf32>, %y: tensor<16x64xf32>, %z: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %t = tkc.dot %x, %y, %z {input_precision = 1 : i32} : tensor<64x16xf32> * tensor<16x64xf32> -> tensor<64x64xf32>
  %d = tkc.dot %x, %y, %t : tensor<64x16xf32> * tensor<16x64xf32> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// -----

// int8 into int32: 8 elements per lane (one i64) on gfx942's
// v_mfma_i32_32x32x16_i8, 4 (one i32) on gfx90a's v_mfma_i32_32x32x8i8.
// CHECK-DAG: #[[MFMA:.*]] = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
// GFX942-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 8}>
// GFX90A-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 4}>
// CHECK-LABEL: func.func @i8
// CHECK: tkc.dot {{.*}} : tensor<64x32xi8, #[[A]]> * {{.*}} -> tensor<64x64xi32, #[[MFMA]]>
func.func @i8(%x: tensor<64x32xi8>, %y: tensor<32x64xi8>, %z: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %d = tkc.dot %x, %y, %z : tensor<64x32xi8> * tensor<32x64xi8> -> tensor<64x64xi32>
  return %d : tensor<64x64xi32>
}

// -----

// fp8 (gfx942's FNUZ formats): 8 elements per lane; gfx90a has no fp8
// instructions and keeps the FMA layouts.
// GFX942-DAG: #[[MFMA:.*]] = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
// GFX942-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 8}>
// CHECK-LABEL: func.func @fp8
// GFX942: tkc.dot {{.*}} : tensor<64x32xf8E4M3FNUZ, #[[A]]> * {{.*}} -> tensor<64x64xf32, #[[MFMA]]>
// GFX942: tkc.dot {{.*}} : tensor<64x32xf8E5M2FNUZ, #[[A]]> * {{.*}} -> tensor<64x64xf32, #[[MFMA]]>
// GFX90A-NOT: amd_mfma
// GFX90A: tkc.dot {{.*}} -> tensor<64x64xf32, #blocked
func.func @fp8(%x: tensor<64x32xf8E4M3FNUZ>, %y: tensor<32x64xf8E4M3FNUZ>, %u: tensor<64x32xf8E5M2FNUZ>, %v: tensor<32x64xf8E5M2FNUZ>, %z: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %t = tkc.dot %x, %y, %z : tensor<64x32xf8E4M3FNUZ> * tensor<32x64xf8E4M3FNUZ> -> tensor<64x64xf32>
  %d = tkc.dot %u, %v, %t : tensor<64x32xf8E5M2FNUZ> * tensor<32x64xf8E5M2FNUZ> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// -----

// What MFMA does not compute stays on multiply-adds: fp16 accumulators
// (MFMA accumulates in fp32) and shapes that hold no 16x16 block.
// CHECK-LABEL: func.func @unsupported
// CHECK-NOT: amd_mfma
// CHECK: tkc.dot {{.*}} -> tensor<64x64xf16, #blocked
// CHECK: tkc.dot {{.*}} -> tensor<8x32xf32, #blocked
func.func @unsupported(%x: tensor<64x32xf16>, %y: tensor<32x64xf16>, %h: tensor<64x64xf16>, %s: tensor<8x16xf16>, %t: tensor<16x32xf16>, %w: tensor<8x32xf32>) -> (tensor<64x64xf16>, tensor<8x32xf32>) {
  %d = tkc.dot %x, %y, %h : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf16>
  %f = tkc.dot %s, %t, %w : tensor<8x16xf16> * tensor<16x32xf16> -> tensor<8x32xf32>
  return %d, %f : tensor<64x64xf16>, tensor<8x32xf32>
}

// -----

// OCP fp8 (Triton's float8e4nv): CDNA's MFMA takes only the FNUZ kinds, so
// the operands widen to f16 (exactly) and the dot takes the f16 MFMA.
// CHECK-DAG: #[[MFMA:.*]] = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 4}>
// CHECK-LABEL: func.func @ocp_fp8
// CHECK-SAME: (%[[X:.*]]: tensor<64x32xf8E4M3FN, #[[DA:blocked[0-9]*]]>, %[[Y:.*]]: tensor<32x64xf8E4M3FN, #[[DB:blocked[0-9]*]]>
// CHECK: %[[XH:.*]] = tkc.fp_to_fp %[[X]] : tensor<64x32xf8E4M3FN, #[[DA]]> -> tensor<64x32xf16, #[[DA]]>
// CHECK: %[[YH:.*]] = tkc.fp_to_fp %[[Y]] : tensor<32x64xf8E4M3FN, #[[DB]]> -> tensor<32x64xf16, #[[DB]]>
// CHECK: %[[XA:.*]] = tkc_gpu.convert_layout %[[XH]] : tensor<64x32xf16, #[[DA]]> -> tensor<64x32xf16, #[[A]]>
// CHECK: %[[YB:.*]] = tkc_gpu.convert_layout %[[YH]]
// CHECK: tkc.dot %[[XA]], %[[YB]], %{{.*}} : tensor<64x32xf16, #[[A]]> * {{.*}} -> tensor<64x64xf32, #[[MFMA]]>
func.func @ocp_fp8(%x: tensor<64x32xf8E4M3FN>, %y: tensor<32x64xf8E4M3FN>, %z: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tkc.dot %x, %y, %z : tensor<64x32xf8E4M3FN> * tensor<32x64xf8E4M3FN> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}
