// RUN: tkc-opt %s --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:80" | tac | FileCheck %s
// RUN: tkc-opt %s --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | tac | FileCheck %s --check-prefix=HOPPER
// The swizzle of 32-bit tiles that mma.sync reads one element per lane.
// `b` stored with its rows along N: a quad's four K rows (lanes 4i..4i+3)
// read two 16-byte chunks each. Rows in the order 0..7 would put rows r and
// r^1 of a quad in one bank group (2-way conflicts); on targets without
// warpgroup multiplies each row r of eight takes phase 2(r%4) + (r%8)/4
// (0, 2, 4, 6, 1, 3, 5, 7), four distinct pairs of chunks, which eight rows
// of one chunk (operands stored along K) also keep distinct. sm_90a keeps
// the order of Hopper's swizzle atoms, which wgmma and TMA read.

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // Read backwards (tac) from the last element's address: its chunk is
  // XOR-ed with the phase (r % 4) * 2 | (r % 8) / 4 of its row r.
  // CHECK: llvm.xor %{{.*}}, %[[PHASE:.*]] : i32
  // CHECK-NEXT: %[[PHASE]] = llvm.or %[[TWICE:.*]], %[[HIGH:.*]] : i32
  // CHECK-NEXT: %[[TWICE]] = llvm.shl %[[LOW:.*]], %[[ONE:.*]] : i32
  // CHECK-NEXT: %[[LOW]] = llvm.and %[[ROW:.*]], %[[THREE:.*]] : i32
  // CHECK-NEXT: %[[THREE]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-NEXT: %[[ONE]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[HIGH]] = llvm.lshr %[[ROW]], %[[TWO:.*]] : i32
  // CHECK-NEXT: %[[TWO]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[ROW]] = llvm.and %{{.*}}, %[[SEVEN:.*]] : i32
  // CHECK-NEXT: %[[SEVEN]] = llvm.mlir.constant(7 : i32) : i32
  // Hopper's phase: (r / 1) % 8.
  // HOPPER: llvm.xor %{{.*}}, %[[PHASE:.*]] : i32
  // HOPPER-NEXT: %[[PHASE]] = llvm.and %[[ROW:.*]], %[[SEVEN:.*]] : i32
  // HOPPER-NEXT: %[[ROW]] = llvm.udiv %{{.*}}, %[[ONE:.*]] : i32
  // HOPPER-NEXT: %[[ONE]] = llvm.mlir.constant(1 : i32) : i32
  // HOPPER-NEXT: %[[SEVEN]] = llvm.mlir.constant(7 : i32) : i32
  func.func @tf32_b(%tb: !tkc_gpu.shared<[32, 128], f32, order = [1, 0]>) -> tensor<32x128xf32, #b> {
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f32, order = [1, 0]> -> tensor<32x128xf32, #b>
    return %b : tensor<32x128xf32, #b>
  }
}
