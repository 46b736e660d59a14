// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=32" --tkc-gpu-accelerate-matmul="target=cuda:80" | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=32" --tkc-gpu-accelerate-matmul="target=hip:gfx1100" | FileCheck %s --check-prefix=HIP
// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=32" --tkc-gpu-accelerate-matmul="target=cuda:90a" --mlir-print-local-scope | FileCheck %s --check-prefix=H90
// RUN: not tkc-opt %s --split-input-file --tkc-gpu-accelerate-matmul 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=32" --tkc-gpu-accelerate-matmul="target=cuda:90a" | FileCheck %s --check-prefix=HOPPER
// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=8 threads-per-warp=32" --tkc-gpu-accelerate-matmul="target=cuda:90a" --mlir-print-local-scope | FileCheck %s --check-prefix=W8
// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=8 threads-per-warp=32" --tkc-gpu-accelerate-matmul="target=cuda:80" --mlir-print-local-scope | FileCheck %s --check-prefix=A8

// NOTARGET: no target given

// fp16 into fp32 on sm_80: mma.sync m16n8k16. A 64x64 result has 4 tiles
// of 16 rows and 8 of 8 columns: warps go 2 along M, 2 along N. The
// operands take the instruction's fragments (2 fp16 per register), the FMA
// layouts' conversions go, and the result returns to its old layout.
// CHECK-DAG: #[[MMA:.*]] = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>
// CHECK-DAG: #[[B:.*]] = #tkc_gpu.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>
// CHECK-LABEL: func.func @f16
// CHECK-SAME: (%[[X:.*]]: tensor<64x32xf16, #[[DA:blocked[0-9]*]]>, %[[Y:.*]]: tensor<32x64xf16, #[[DB:blocked[0-9]*]]>, %[[Z:.*]]: tensor<64x64xf32, #[[DC:blocked[0-9]*]]>)
// CHECK: %[[XA:.*]] = tkc_gpu.convert_layout %[[X]] : tensor<64x32xf16, #[[DA]]> -> tensor<64x32xf16, #[[A]]>
// CHECK: %[[YB:.*]] = tkc_gpu.convert_layout %[[Y]] : tensor<32x64xf16, #[[DB]]> -> tensor<32x64xf16, #[[B]]>
// CHECK: %[[ZC:.*]] = tkc_gpu.convert_layout %[[Z]] : tensor<64x64xf32, #[[DC]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = tkc.dot %[[XA]], %[[YB]], %[[ZC]] : tensor<64x32xf16, #[[A]]> * tensor<32x64xf16, #[[B]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK: tkc_gpu.convert_layout %[[D]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #blocked
// CHECK-NOT: dot_op<{opIdx = 0, parent = #blocked
// On sm_90a a 64-row result suits a warpgroup multiply: the four warps go
// along M, one warpgroup owning all 64 rows.
// HOPPER: #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
// HOPPER-LABEL: func.func @f16
// RDNA (gfx1100, wave32) has neither mma.sync nor MFMA: the dot keeps its
// FMA layouts (tkc-gpu-accelerate-matmul-amd.mlir has gfx90a and gfx942).
// HIP-LABEL: func.func @f16
// HIP: tkc.dot {{.*}} -> tensor<64x64xf32, #blocked
func.func @f16(%x: tensor<64x32xf16>, %y: tensor<32x64xf16>, %z: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tkc.dot %x, %y, %z : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// -----

// A result one tile high: all four warps along N.
// CHECK-DAG: #[[MMA:.*]] = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 4]}>
// CHECK-LABEL: func.func @flat
// CHECK: tkc.dot {{.*}} -> tensor<16x64xf32, #[[MMA]]>
func.func @flat(%x: tensor<16x16xbf16>, %y: tensor<16x64xbf16>, %z: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %d = tkc.dot %x, %y, %z : tensor<16x16xbf16> * tensor<16x64xbf16> -> tensor<16x64xf32>
  return %d : tensor<16x64xf32>
}

// -----

// fp32 at tf32 precision: m16n8k8, one element per register; at ieee
// precision, multiply-adds.
// CHECK-DAG: #[[MMA:.*]] = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>
// CHECK-LABEL: func.func @f32
// CHECK: tkc.dot {{.*}} : tensor<32x16xf32, #[[A]]> * {{.*}} -> tensor<32x32xf32, #[[MMA]]>
// CHECK: tkc.dot {{.*}} -> tensor<32x32xf32, #blocked
func.func @f32(%x: tensor<32x16xf32>, %y: tensor<16x32xf32>, %z: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %t = tkc.dot %x, %y, %z {input_precision = 1 : i32} : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  %d = tkc.dot %x, %y, %t : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  return %d : tensor<32x32xf32>
}

// -----

// int8 into int32: m16n8k32, four elements per register.
// CHECK-DAG: #[[MMA:.*]] = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>
// CHECK-LABEL: func.func @i8
// CHECK: tkc.dot {{.*}} : tensor<32x32xi8, #[[A]]> * {{.*}} -> tensor<32x32xi32, #[[MMA]]>
func.func @i8(%x: tensor<32x32xi8>, %y: tensor<32x32xi8>, %z: tensor<32x32xi32>) -> tensor<32x32xi32> {
  %d = tkc.dot %x, %y, %z : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
  return %d : tensor<32x32xi32>
}

// -----

// Results smaller than mma.sync's 16x8 tile take it too, as Triton pads
// them: 8 rows (one tile along M, so all four warps go along N, one 8-column
// tile each), and 2 rows by 4 columns (one tile, which every warp holds:
// the warps wrap along M). On sm_90a too: warpgroup multiplies need 64 rows.
// CHECK-DAG: #[[MMA:.*]] = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 4]}>
// CHECK-DAG: #[[ONE:.*]] = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
// CHECK-LABEL: func.func @small
// CHECK: tkc.dot {{.*}} -> tensor<8x32xf32, #[[MMA]]>
// CHECK: tkc.dot {{.*}} -> tensor<2x4xf32, #[[ONE]]>
// HOPPER-DAG: #[[MMA:.*]] = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 4]}>
// HOPPER-LABEL: func.func @small
// HOPPER: tkc.dot {{.*}} -> tensor<8x32xf32, #[[MMA]]>
func.func @small(%x: tensor<8x16xf16>, %y: tensor<16x32xf16>, %z: tensor<8x32xf32>, %p: tensor<2x16xf16>, %q: tensor<16x4xf16>, %r: tensor<2x4xf32>) -> (tensor<8x32xf32>, tensor<2x4xf32>) {
  %d = tkc.dot %x, %y, %z : tensor<8x16xf16> * tensor<16x32xf16> -> tensor<8x32xf32>
  %e = tkc.dot %p, %q, %r : tensor<2x16xf16> * tensor<16x4xf16> -> tensor<2x4xf32>
  return %d, %e : tensor<8x32xf32>, tensor<2x4xf32>
}

// -----

// K must hold whole instructions (16 for fp16): 8 stays on multiply-adds.
// CHECK-LABEL: func.func @short_k
// CHECK-NOT: nvidia_mma
// CHECK: tkc.dot {{.*}} -> tensor<16x32xf32, #blocked
func.func @short_k(%x: tensor<16x8xf16>, %y: tensor<8x32xf16>, %z: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %d = tkc.dot %x, %y, %z : tensor<16x8xf16> * tensor<8x32xf16> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}

// -----

// On sm_90a, int8 dots put all warps along M, as warpgroup multiplies
// need, whether their tiles were loaded K-major (x @ w.T: w loaded [N, K]
// and transposed) or B along N (plain A @ B: tkc-gpu-warpgroup-mma
// transposes its tile on the way to shared memory).
// H90-LABEL: func.func @i8_k_major
// H90: tkc.dot {{.*}} -> tensor<64x64xi32, #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>>
// H90-LABEL: func.func @i8_n_major
// H90: tkc.dot {{.*}} -> tensor<64x64xi32, #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>>
func.func @i8_k_major(%pa: tensor<64x64x!tkc.ptr<i8>>, %pw: tensor<64x64x!tkc.ptr<i8>>, %z: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %a = tkc.load %pa : tensor<64x64x!tkc.ptr<i8>>
  %w = tkc.load %pw : tensor<64x64x!tkc.ptr<i8>>
  %b = tkc.trans %w {order = array<i32: 1, 0>} : tensor<64x64xi8> -> tensor<64x64xi8>
  %d = tkc.dot %a, %b, %z : tensor<64x64xi8> * tensor<64x64xi8> -> tensor<64x64xi32>
  return %d : tensor<64x64xi32>
}
func.func @i8_n_major(%pa: tensor<64x64x!tkc.ptr<i8>>, %pb: tensor<64x64x!tkc.ptr<i8>>, %z: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %a = tkc.load %pa : tensor<64x64x!tkc.ptr<i8>>
  %b = tkc.load %pb : tensor<64x64x!tkc.ptr<i8>>
  %d = tkc.dot %a, %b, %z : tensor<64x64xi8> * tensor<64x64xi8> -> tensor<64x64xi32>
  return %d : tensor<64x64xi32>
}

// -----

// Eight warps on sm_90a: two warpgroups. A 128-row result gives each its
// own 64 rows (all warps along M); a 64-row one has rows for one, so the
// second takes the other half of N, each computing 128 columns as one
// instruction does (instrN), as Triton places them. 16 rows are too few
// for a warpgroup: mma.sync, warps spread.
// W8-LABEL: func.func @rows_128
// W8: tkc.dot {{.*}} -> tensor<128x256xf32, #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [8, 1]}>>
// W8-LABEL: func.func @rows_64
// W8: tkc.dot {{.*}} -> tensor<64x256xf32, #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 2], instrN = 128}>>
// W8-LABEL: func.func @rows_16
// W8: tkc.dot {{.*}} -> tensor<16x256xf32, #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 8]}>>
func.func @rows_128(%x: tensor<128x32xf16>, %y: tensor<32x256xf16>, %z: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %d = tkc.dot %x, %y, %z : tensor<128x32xf16> * tensor<32x256xf16> -> tensor<128x256xf32>
  return %d : tensor<128x256xf32>
}
func.func @rows_64(%x: tensor<64x32xf16>, %y: tensor<32x256xf16>, %z: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %d = tkc.dot %x, %y, %z : tensor<64x32xf16> * tensor<32x256xf16> -> tensor<64x256xf32>
  return %d : tensor<64x256xf32>
}
func.func @rows_16(%x: tensor<16x32xf16>, %y: tensor<32x256xf16>, %z: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %d = tkc.dot %x, %y, %z : tensor<16x32xf16> * tensor<32x256xf16> -> tensor<16x256xf32>
  return %d : tensor<16x256xf32>
}

// -----

// mma.sync's warps go where they save the most operand reads. A 32-bit B
// loaded along N is read a word at a time (matrix loads transpose only
// 16-bit elements), counted twice a matrix load's cost. A 128x128 tf32 dot
// on eight warps then puts 2 along M and 4 along N (as Triton does); fp16,
// whose operands both take matrix loads, puts 4 along M (a square 32x64
// tile of each warp).
// A8-LABEL: func.func @tf32_n_major
// A8: tkc.dot {{.*}} -> tensor<128x128xf32, #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 4]}>>
// A8-LABEL: func.func @f16_n_major
// A8: tkc.dot {{.*}} -> tensor<128x128xf32, #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 2]}>>
func.func @tf32_n_major(%pa: tensor<128x32x!tkc.ptr<f32>>, %pb: tensor<32x128x!tkc.ptr<f32>>, %z: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %a = tkc.load %pa : tensor<128x32x!tkc.ptr<f32>>
  %b = tkc.load %pb : tensor<32x128x!tkc.ptr<f32>>
  %d = tkc.dot %a, %b, %z {input_precision = 1 : i32} : tensor<128x32xf32> * tensor<32x128xf32> -> tensor<128x128xf32>
  return %d : tensor<128x128xf32>
}
func.func @f16_n_major(%pa: tensor<128x32x!tkc.ptr<f16>>, %pb: tensor<32x128x!tkc.ptr<f16>>, %z: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %a = tkc.load %pa : tensor<128x32x!tkc.ptr<f16>>
  %b = tkc.load %pb : tensor<32x128x!tkc.ptr<f16>>
  %d = tkc.dot %a, %b, %z : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  return %d : tensor<128x128xf32>
}
