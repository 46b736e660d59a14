// RUN: tkc-opt %s --split-input-file --verify-diagnostics
// Malformed layout encodings are rejected with a reason.

// expected-error @+1 {{blocked layout order must be a permutation of 0..1}}
func.func @order(%x: tensor<4x4xf32, #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 1]}>>) {
  return
}

// -----

// expected-error @+1 {{blocked layout sizes must be powers of two, got 3}}
func.func @size(%x: tensor<4xf32, #tkc_gpu.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) {
  return
}

// -----

// expected-error @+1 {{blocked layout fields must all have the same, non-zero rank}}
func.func @rank(%x: tensor<4xf32, #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) {
  return
}

// -----

#acc = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
// expected-error @+1 {{dot operand index must be 0 (a) or 1 (b), got 2}}
func.func @dot_operand_index(%x: tensor<16x16xf16, #tkc_gpu.dot_op<{opIdx = 2, parent = #acc}>>) {
  return
}

// -----

#acc = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>
// expected-error @+1 {{dot operand layouts have blocked, nvidia_mma or amd_mfma parents only, got #tkc_gpu.slice}}
func.func @dot_operand_parent(%x: tensor<16x16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #tkc_gpu.slice<{dim = 0, parent = #acc}>}>>) {
  return
}

// -----

// expected-error @+1 {{dot operand layouts need a parent of rank 2 or 3, got rank 1}}
func.func @dot_operand_rank(%x: tensor<16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>>) {
  return
}

// -----

// expected-error @+1 {{dot operands of a blocked parent take no kWidth}}
func.func @dot_operand_kwidth_blocked(%x: tensor<16x16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]}>, kWidth = 2}>>) {
  return
}

// -----

// expected-error @+1 {{dot operands of an nvidia_mma parent need kWidth 1, 2 or 4, got 0}}
func.func @dot_operand_kwidth_mma(%x: tensor<16x16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>}>>) {
  return
}

// -----

// expected-error @+1 {{nvidia_mma supports version 2 (mma.sync), got 3}}
func.func @mma_version(%x: tensor<16x16xf32, #tkc_gpu.nvidia_mma<{version = 3, warpsPerCTA = [2, 2]}>>) {
  return
}

// -----

// expected-error @+1 {{nvidia_mma needs two power-of-two warp counts}}
func.func @mma_warps(%x: tensor<16x16xf32, #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [3, 1]}>>) {
  return
}

// -----

// expected-error @+1 {{amd_mfma instrShape must be [32, 32] or [16, 16]}}
func.func @mfma_shape(%x: tensor<32x32xf32, #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 16]}>>) {
  return
}

// -----

// expected-error @+1 {{amd_mfma needs two power-of-two warp counts}}
func.func @mfma_warps(%x: tensor<32x32xf32, #tkc_gpu.amd_mfma<{warpsPerCTA = [3, 1], instrShape = [32, 32]}>>) {
  return
}

// -----

// expected-error @+1 {{dot operands of an amd_mfma parent need kWidth 1, 2, 4 or 8, got 16}}
func.func @mfma_kwidth(%x: tensor<32x32xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [16, 16]}>, kWidth = 16}>>) {
  return
}

// -----

// expected-error @+1 {{order must be [0], [1, 0] or [0, 1]}}
func.func @shared_order(%b: !tkc_gpu.shared<[64, 32], f16, order = [1, 1]>) {
  return
}

// -----

// expected-error @+1 {{a shared buffer is one 2-D tile (as its order says) or a stack of them; got rank 1}}
func.func @shared_rank(%b: !tkc_gpu.shared<[64], f16, order = [1, 0]>) {
  return
}

// -----

// expected-error @+1 {{a shared buffer is one 1-D tile (as its order says) or a stack of them; got rank 3}}
func.func @shared_rank_1d(%b: !tkc_gpu.shared<[2, 64, 4], f32, order = [0]>) {
  return
}

// -----

func.func @trans_tile_1d(%b: !tkc_gpu.shared<[64], f32, order = [0]>) {
  // expected-error @+1 {{result must be the 2-D tile}}
  %t = tkc_gpu.trans_tile %b : !tkc_gpu.shared<[64], f32, order = [0]> -> !tkc_gpu.shared<[64], f32, order = [0]>
  return
}

// -----

func.func @tile_shape(%b: !tkc_gpu.shared<[2, 64, 32], f16, order = [1, 0]>, %i: i32) {
  // expected-error @+1 {{result must be one tile of the stack}}
  %t = tkc_gpu.tile %b[%i] : !tkc_gpu.shared<[2, 64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
  return
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @copy_type(%p: tensor<64x32x!tkc.ptr<f32>, #l>, %t: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>) {
  // expected-error @+1 {{do not address the elements of}}
  tkc_gpu.async_copy %p, %t : tensor<64x32x!tkc.ptr<f32>, #l>, !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
  return
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @copy_limit_shape(%p: tensor<64x32x!tkc.ptr<f16>, #l>, %t: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %m: tensor<64x32xi1, #l>, %n: tensor<32x64xi32, #l>) {
  // expected-error @+1 {{limit must be integers of the pointers' shape, beside a mask}}
  tkc_gpu.async_copy %p, %t mask %m limit %n : tensor<64x32x!tkc.ptr<f16>, #l>, !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, tensor<64x32xi1, #l>, tensor<32x64xi32, #l>
  return
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @local_alloc_init_shape(%v: tensor<32x32xf16, #l>) {
  // expected-error @+1 {{initial value 'tensor<32x32xf16, #tkc_gpu.blocked}}
  %t = tkc_gpu.local_alloc %v : (tensor<32x32xf16, #l>) -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
  return
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @local_load_shape(%t: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>) {
  // expected-error @+1 {{does not hold the elements of}}
  %v = tkc_gpu.local_load %t : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #l>
  return
}

// -----

func.func @trans_tile_order(%t: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>) {
  // expected-error @+1 {{result must be the 2-D tile '!tkc_gpu.shared<[64, 32], f16, order = [1, 0]>' transposed}}
  %v = tkc_gpu.trans_tile %t : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
  return
}

// -----

// expected-error @+1 {{permuted layout's order is not a permutation}}
func.func @permuted_order(%x: tensor<4x4xf32, #tkc_gpu.permuted<{order = [1, 1], parent = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>}>>) {
  return
}

// -----

// expected-error @+1 {{permuted layout needs an order of the parent's 2 dimensions, got 3}}
func.func @permuted_rank(%x: tensor<4x4xf32, #tkc_gpu.permuted<{order = [2, 1, 0], parent = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>}>>) {
  return
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
func.func @warpgroup_unswizzled(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0], swizzled = false>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
  // expected-error @+1 {{reads swizzled tiles only}}
  %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0], swizzled = false> -> tensor<64x128xf32, #mma>
  return %d : tensor<64x128xf32, #mma>
}

// -----

// expected-error @+1 {{linear layout bases must all have the same rank}}
func.func @linear_rank(%x: tensor<4x4xf32, #tkc_gpu.linear<{register = [[0, 1], [1]], lane = [], warp = []}>>) {
  return
}

// -----

// expected-error @+1 {{linear layout coordinates must not be negative}}
func.func @linear_negative(%x: tensor<4x4xf32, #tkc_gpu.linear<{register = [[0, -1]], lane = [], warp = []}>>) {
  return
}

// -----

// Tensor stores move what tensor copies do: 2-D tiles of swizzled rows of
// 1-, 2- or 4-byte elements, at two to five coordinates.
func.func @tensor_store_f64(%map: !llvm.ptr, %i: i32) {
  %t = tkc_gpu.local_alloc : !tkc_gpu.shared<[64, 16], f64, order = [1, 0]>
  // expected-error @+1 {{'tkc_gpu.tensor_store' op cannot move '!tkc_gpu.shared<[64, 16], f64, order = [1, 0]>': tensor copies move swizzled rows of 1-, 2- or 4-byte elements}}
  tkc_gpu.tensor_store %map[%i, %i], %t : !llvm.ptr, !tkc_gpu.shared<[64, 16], f64, order = [1, 0]>
  return
}

// -----

func.func @tensor_store_one_coord(%map: !llvm.ptr, %i: i32) {
  %t = tkc_gpu.local_alloc : !tkc_gpu.shared<[64, 64], f16, order = [1, 0]>
  // expected-error @+1 {{'tkc_gpu.tensor_store' op moves 2-D tiles, at two to five coordinates; got 1}}
  tkc_gpu.tensor_store %map[%i], %t : !llvm.ptr, !tkc_gpu.shared<[64, 64], f16, order = [1, 0]>
  return
}
