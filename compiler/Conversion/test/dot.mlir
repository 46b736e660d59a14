// RUN: sed -e 's/WAVE/32/g' -e 's/LANESM/4/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: sed -e 's/WAVE/64/g' -e 's/LANESM/8/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s --check-prefixes=CHECK,HIP
// tkc.dot with scalar FMAs, the same code for every target: each thread holds
// its result tile's rows of a and columns of b, all of K, and each result
// register takes one multiply-add per K step, in the accumulator's type. A
// warp has WAVE lanes, LANESM of them along M (filled in by sed): 32-lane
// warps hold a 16x16 result in 8 registers (2x2, twice along M), 64-lane
// ones in 4.

#acc = #tkc_gpu.blocked<{sizePerThread = [2, 2], threadsPerWarp = [LANESM, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // fp16 operands, fp32 accumulator: each operand register is extended
  // once, where first used, then fused into the accumulator. K is the outer
  // loop: the first step pairs result register 0 (row 0, column 0) with a's
  // register 0 (row 0, k 0) and b's 0 (k 0, column 0); register 1 (column
  // 1) with b's register 4 (the 4 K values of column 0 come first);
  // register 2 (row 1) with a's register 4.
  // CHECK-LABEL: llvm.func @f16_f32
  // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0] :
  // CHECK-DAG: %[[A4:.*]] = llvm.extractvalue %arg0[4] :
  // CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0] :
  // CHECK-DAG: %[[B4:.*]] = llvm.extractvalue %arg1[4] :
  // CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %arg2[0] :
  // CHECK-DAG: %[[C1:.*]] = llvm.extractvalue %arg2[1] :
  // CHECK-DAG: %[[C2:.*]] = llvm.extractvalue %arg2[2] :
  // CHECK: %[[X0:.*]] = llvm.fpext %[[A0]] : f16 to f32
  // CHECK: %[[Y0:.*]] = llvm.fpext %[[B0]] : f16 to f32
  // CHECK: %[[D0:.*]] = llvm.intr.fma(%[[X0]], %[[Y0]], %[[C0]]) : (f32, f32, f32) -> f32
  // CHECK: %[[Y4:.*]] = llvm.fpext %[[B4]] : f16 to f32
  // CHECK: llvm.intr.fma(%[[X0]], %[[Y4]], %[[C1]]) : (f32, f32, f32) -> f32
  // CHECK: %[[X4:.*]] = llvm.fpext %[[A4]] : f16 to f32
  // CHECK: llvm.intr.fma(%[[X4]], %[[Y0]], %[[C2]]) : (f32, f32, f32) -> f32
  // The rest of the first step; the second accumulates onto its results.
  // CUDA-COUNT-5: llvm.intr.fma
  // HIP-COUNT-1: llvm.intr.fma
  // CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %[[D0]]) : (f32, f32, f32) -> f32
  // 8 registers x 4 steps (cuda), 4 x 4 (hip).
  // CUDA-COUNT-23: llvm.intr.fma
  // HIP-COUNT-11: llvm.intr.fma
  // CHECK-NOT: llvm.intr.fma
  // CHECK: llvm.return
  func.func @f16_f32(%x: tensor<16x4xf16, #a>, %y: tensor<4x16xf16, #b>, %z: tensor<16x16xf32, #acc>) -> tensor<16x16xf32, #acc> {
    %d = tkc.dot %x, %y, %z : tensor<16x4xf16, #a> * tensor<4x16xf16, #b> -> tensor<16x16xf32, #acc>
    return %d : tensor<16x16xf32, #acc>
  }

  // out_dtype=float16: the products are fused in fp16.
  // CHECK-LABEL: llvm.func @f16_f16
  // CHECK-NOT: llvm.fpext
  // CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f16, f16, f16) -> f16
  func.func @f16_f16(%x: tensor<16x4xf16, #a>, %y: tensor<4x16xf16, #b>, %z: tensor<16x16xf16, #acc>) -> tensor<16x16xf16, #acc> {
    %d = tkc.dot %x, %y, %z : tensor<16x4xf16, #a> * tensor<4x16xf16, #b> -> tensor<16x16xf16, #acc>
    return %d : tensor<16x16xf16, #acc>
  }

  // fp32 operands asking for tf32 are multiplied at full fp32 precision.
  // CHECK-LABEL: llvm.func @f32_tf32
  // CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
  func.func @f32_tf32(%x: tensor<16x4xf32, #a>, %y: tensor<4x16xf32, #b>, %z: tensor<16x16xf32, #acc>) -> tensor<16x16xf32, #acc> {
    %d = tkc.dot %x, %y, %z {input_precision = 1 : i32} : tensor<16x4xf32, #a> * tensor<4x16xf32, #b> -> tensor<16x16xf32, #acc>
    return %d : tensor<16x16xf32, #acc>
  }

  // int8 operands, int32 accumulator: sign-extended, multiplied, added.
  // CHECK-LABEL: llvm.func @i8_i32
  // CHECK: %[[X:.*]] = llvm.sext %{{.*}} : i8 to i32
  // CHECK: %[[Y:.*]] = llvm.sext %{{.*}} : i8 to i32
  // CHECK: %[[P:.*]] = llvm.mul %[[X]], %[[Y]] : i32
  // CHECK: llvm.add %[[P]], %{{.*}} : i32
  // CHECK-NOT: llvm.intr.fma
  // CHECK: llvm.return
  func.func @i8_i32(%x: tensor<16x4xi8, #a>, %y: tensor<4x16xi8, #b>, %z: tensor<16x16xi32, #acc>) -> tensor<16x16xi32, #acc> {
    %d = tkc.dot %x, %y, %z : tensor<16x4xi8, #a> * tensor<4x16xi8, #b> -> tensor<16x16xi32, #acc>
    return %d : tensor<16x16xi32, #acc>
  }
}

// -----

// A batch of two products, one per warp: the batch coordinate is the
// warp's, in the result and both operands.
#acc = #tkc_gpu.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [1, LANESM, 8], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 2 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @batched
  // CUDA-COUNT-32: llvm.intr.fma
  // HIP-COUNT-16: llvm.intr.fma
  // CHECK-NOT: llvm.intr.fma
  func.func @batched(%x: tensor<2x16x4xf32, #a>, %y: tensor<2x4x16xf32, #b>, %z: tensor<2x16x16xf32, #acc>) -> tensor<2x16x16xf32, #acc> {
    %d = tkc.dot %x, %y, %z : tensor<2x16x4xf32, #a> * tensor<2x4x16xf32, #b> -> tensor<2x16x16xf32, #acc>
    return %d : tensor<2x16x16xf32, #acc>
  }
}

// -----

// An operand's conversion to its dot_op layout goes through shared memory
// like any other; several lanes load each element (those along N share the
// rows of a), which needs nothing special: each thread stores its registers
// and, after a barrier, loads all K values of each of its rows as one
// 8-byte vector, 4 rows (cuda); on hip, whose scratch places hold a
// thread's runs together where that costs less (no matrix loads), both
// rows as one 16-byte vector.
#src = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [LANESM, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [2, 2], threadsPerWarp = [LANESM, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @to_operand
  // CHECK: llvm.store %{{.*}}, %{{.*}} : f16, !llvm.ptr<3>
  // CUDA: nvvm.barrier0
  // HIP: rocdl.barrier
  // CUDA-COUNT-4: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
  // HIP: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @to_operand(%x: tensor<16x4xf16, #src>) -> tensor<16x4xf16, #a> {
    %a = tkc_gpu.convert_layout %x : tensor<16x4xf16, #src> -> tensor<16x4xf16, #a>
    return %a : tensor<16x4xf16, #a>
  }
}
