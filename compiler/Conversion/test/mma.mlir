// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:80" | FileCheck %s
// tkc.dot on NVIDIA's mma.sync, and its operands' way through shared memory.

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A 64x32 result over 2x2 warps: each warp has 2 tiles of 16 rows and 2
  // of 8 columns, and K = 32 is two steps of 16: 8 instructions, each
  // taking 4 words of a (2 fp16 each), 2 of b and 4 fp32 accumulators.
  // CHECK-LABEL: llvm.func @f16
  // CHECK-COUNT-8: nvvm.mma.sync A[{{.*}}, {{.*}}, {{.*}}, {{.*}}] B[{{.*}}, {{.*}}] C[{{.*}}, {{.*}}, {{.*}}, {{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-NOT: nvvm.mma.sync
  func.func @f16(%x: tensor<64x32xf16, #a>, %y: tensor<32x32xf16, #b>, %z: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    %d = tkc.dot %x, %y, %z : tensor<64x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<64x32xf32, #mma>
    return %d : tensor<64x32xf32, #mma>
  }

  // tf32: one fp32 word per register, m16n8k8; one instruction per warp.
  // CHECK-LABEL: llvm.func @tf32
  // CHECK: nvvm.mma.sync {{.*}} multiplicandAPtxType = #nvvm.mma_type<tf32>, {{.*}} shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  func.func @tf32(%x: tensor<32x8xf32, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %y: tensor<8x16xf32, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %z: tensor<32x16xf32, #mma>) -> tensor<32x16xf32, #mma> {
    %d = tkc.dot %x, %y, %z : tensor<32x8xf32, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x16xf32, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x16xf32, #mma>
    return %d : tensor<32x16xf32, #mma>
  }

  // int8: four bytes per word, m16n8k32, wrapping int32 sums.
  // CHECK-LABEL: llvm.func @i8
  // CHECK: nvvm.mma.sync {{.*}}intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, {{.*}} multiplicandAPtxType = #nvvm.mma_type<s8>, {{.*}} shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  func.func @i8(%x: tensor<32x32xi8, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %y: tensor<32x16xi8, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %z: tensor<32x16xi32, #mma>) -> tensor<32x16xi32, #mma> {
    %d = tkc.dot %x, %y, %z : tensor<32x32xi8, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x16xi8, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x16xi32, #mma>
    return %d : tensor<32x16xi32, #mma>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 4]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A result of 2 rows, smaller than the instruction's 16: the layouts wrap,
  // so each warp's one tile along M holds the 2 rows eight times over, and
  // its 8 columns by K = 32 take two instructions.
  // CHECK-LABEL: llvm.func @two_rows
  // CHECK-COUNT-2: nvvm.mma.sync
  // CHECK-NOT: nvvm.mma.sync
  func.func @two_rows(%x: tensor<2x32xf16, #a>, %y: tensor<32x32xf16, #b>, %z: tensor<2x32xf32, #mma>) -> tensor<2x32xf32, #mma> {
    %d = tkc.dot %x, %y, %z : tensor<2x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<2x32xf32, #mma>
    return %d : tensor<2x32xf32, #mma>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#rows = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // a, K contiguous: each thread stores its 8 elements as one 16-byte
  // vector; after a barrier each warp loads its 2 tiles of 16x32 as 8x8
  // matrices, four at a time, untransposed.
  // CHECK-LABEL: llvm.func @a_rows
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
  // CHECK-NOT: nvvm.ldmatrix
  func.func @a_rows(%x: tensor<64x32xf16, #rows>) -> tensor<64x32xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %c = tkc_gpu.convert_layout %x : tensor<64x32xf16, #rows> -> tensor<64x32xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    return %c : tensor<64x32xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }

  // b, N contiguous (row-major): the stored rows run along K, so the
  // matrices load transposed; 32 of K is two steps, one load of four.
  // CHECK-LABEL: llvm.func @b_rows
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
  // CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<col>, num = 4 : i32
  // CHECK-NOT: nvvm.ldmatrix
  func.func @b_rows(%y: tensor<32x32xf16, #rows>) -> tensor<32x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %c = tkc_gpu.convert_layout %y : tensor<32x32xf16, #rows> -> tensor<32x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    return %c : tensor<32x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }

  // b, K contiguous (column-major): untransposed.
  // CHECK-LABEL: llvm.func @b_cols
  // CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32
  func.func @b_cols(%y: tensor<32x32xf16, #cols>) -> tensor<32x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %c = tkc_gpu.convert_layout %y : tensor<32x32xf16, #cols> -> tensor<32x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    return %c : tensor<32x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// The transpose of an accumulator (FLA's tl.trans(tl.dot(k, v))) takes its
// layout permuted, and back: each is a relabeling of the same registers,
// through no shared memory.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#mmat = #tkc_gpu.permuted<{order = [1, 0], parent = #mma}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @transposed_accumulator
  // CHECK-NOT: tkc_shared_memory
  // CHECK-NOT: barrier
  // CHECK: llvm.return
  func.func @transposed_accumulator(%x: tensor<32x16xf32, #mma>) -> tensor<32x16xf32, #mma> {
    %t = tkc.trans %x {order = array<i32: 1, 0>} : tensor<32x16xf32, #mma> -> tensor<16x32xf32, #mmat>
    %u = tkc.trans %t {order = array<i32: 1, 0>} : tensor<16x32xf32, #mmat> -> tensor<32x16xf32, #mma>
    return %u : tensor<32x16xf32, #mma>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a32 = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A tf32 P, from the accumulator to the next dot's A: each quad's pairs
  // of columns become its columns t and t + 4, within the warp: one
  // shuffle per register (16 for 64x32 over four warps), a select on each
  // side, no shared memory and no barrier.
  // CHECK-LABEL: llvm.func @p_to_tf32_operand
  // CHECK-NOT: nvvm.barrier0
  // CHECK-COUNT-16: nvvm.shfl.sync idx
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @p_to_tf32_operand(%p: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #a32> {
    %a = tkc_gpu.convert_layout %p : tensor<64x32xf32, #mma> -> tensor<64x32xf32, #a32>
    return %a : tensor<64x32xf32, #a32>
  }
}
