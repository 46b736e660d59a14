// RUN: tkc-opt %s --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tkc-opt %s --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:80" | FileCheck %s --check-prefixes=CHECK,SM80
// An MMA accumulator converted to fp16 on its way to a coalesced store (a
// matmul's epilogue) crosses threads through shared memory. On sm_90 its
// 8x8 fragments go as matrix stores, four blocks each: 64x64 halves over 4
// warps are 16 words a thread, 4 stmatrix.x4. Lane l gives row l % 8 of
// block l / 8, the block's column chunk XOR-swizzled by row as the generic
// stores place it. sm_80 stores the words one by one. Both read back
// 16-byte runs.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#out = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @epilogue
  // SM90-COUNT-4: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
  // SM90-NOT: llvm.store
  // SM80-NOT: nvvm.stmatrix
  // SM80-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
  func.func @epilogue(%acc: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #out> {
    %c = tkc_gpu.convert_layout %acc : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #out>
    return %c : tensor<64x64xf16, #out>
  }
}
