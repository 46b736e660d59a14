// RUN: tkc-opt %s --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s --check-prefix=SM90
// RUN: tkc-opt %s --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:80" | FileCheck %s --check-prefix=SM80
// A 16-bit MMA accumulator to a store-friendly layout (a matmul's epilogue):
// on sm_90 each warp stores its 8x8 fragments four at a time with
// stmatrix, 16 bytes per row of the scratch; before, each thread stores
// its column pairs one 32-bit word at a time. Both read 16-byte rows back.

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#rows = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // 64x64 on 4 warps: 32 registers a thread, 16 words, 4 stmatrix.x4.
  // SM90-LABEL: llvm.func @epilogue
  // SM90-COUNT-4: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
  // SM90-NOT: llvm.store
  // SM90: nvvm.barrier
  // SM90-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
  // SM80-LABEL: llvm.func @epilogue
  // SM80-NOT: nvvm.stmatrix
  // SM80-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
  // SM80: nvvm.barrier
  // SM80-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
  func.func @epilogue(%acc: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #rows> {
    %c = tkc_gpu.convert_layout %acc : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #rows>
    return %c : tensor<64x64xf16, #rows>
  }
}
