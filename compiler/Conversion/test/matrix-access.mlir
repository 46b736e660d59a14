// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:80" | FileCheck %s --check-prefix=SM80
// 16-bit elements in an MMA accumulator's layout move through shared memory
// as 8x8 matrices: stmatrix (sm_90) stores them, ldmatrix loads them, four
// matrices (a lane's eight elements) an instruction. Where a tile's rows run
// along M (order [0, 1]) the matrices are transposed. sm_80 has ldmatrix but
// no stmatrix; 32-bit elements take neither.

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A 64x64 accumulator converted for a coalesced store: each thread's 32
  // elements go out in four stmatrix, come back as four 16-byte loads.
  // CHECK-LABEL: llvm.func @to_blocked
  // CHECK-COUNT-4: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xbf16>
  // SM80-LABEL: llvm.func @to_blocked
  // SM80-NOT: nvvm.stmatrix
  // SM80-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr<3>
  func.func @to_blocked(%v: tensor<64x64xbf16, #mma>) -> tensor<64x64xbf16, #l> {
    %c = tkc_gpu.convert_layout %v : tensor<64x64xbf16, #mma> -> tensor<64x64xbf16, #l>
    return %c : tensor<64x64xbf16, #l>
  }

  // Back: sixteen-byte stores, then four ldmatrix (sm_80 too).
  // CHECK-LABEL: llvm.func @from_blocked
  // CHECK-NOT: nvvm.stmatrix
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
  // CHECK-NOT: nvvm.ldmatrix
  // SM80-LABEL: llvm.func @from_blocked
  // SM80-COUNT-4: nvvm.ldmatrix
  func.func @from_blocked(%v: tensor<64x64xbf16, #l>) -> tensor<64x64xbf16, #mma> {
    %c = tkc_gpu.convert_layout %v : tensor<64x64xbf16, #l> -> tensor<64x64xbf16, #mma>
    return %c : tensor<64x64xbf16, #mma>
  }

  // fp32 elements: plain stores and loads.
  // CHECK-LABEL: llvm.func @fp32
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK: llvm.return
  func.func @fp32(%v: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #l> {
    %c = tkc_gpu.convert_layout %v : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #l>
    return %c : tensor<64x64xf32, #l>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A tile stored from an accumulator (a warpgroup multiply's operand) and
  // read back in its layout: rows along N as is, rows along M transposed.
  // CHECK-LABEL: llvm.func @tiles
  // CHECK-COUNT-4: nvvm.stmatrix {{.*}} layout = #nvvm.mma_layout<row>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: nvvm.ldmatrix {{.*}} layout = #nvvm.mma_layout<row>, num = 4
  // CHECK-COUNT-4: nvvm.stmatrix {{.*}} layout = #nvvm.mma_layout<col>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: nvvm.ldmatrix {{.*}} layout = #nvvm.mma_layout<col>, num = 4
  // SM80-LABEL: llvm.func @tiles
  // SM80-NOT: nvvm.stmatrix
  // SM80-COUNT-4: nvvm.ldmatrix {{.*}} layout = #nvvm.mma_layout<row>, num = 4
  // SM80-COUNT-4: nvvm.ldmatrix {{.*}} layout = #nvvm.mma_layout<col>, num = 4
  func.func @tiles(%v: tensor<64x64xf16, #mma>) -> (tensor<64x64xf16, #mma>, tensor<64x64xf16, #mma>) {
    %n = tkc_gpu.local_alloc %v : (tensor<64x64xf16, #mma>) -> !tkc_gpu.shared<[64, 64], f16, order = [1, 0]>
    %a = tkc_gpu.local_load %n : !tkc_gpu.shared<[64, 64], f16, order = [1, 0]> -> tensor<64x64xf16, #mma>
    %m = tkc_gpu.local_alloc %v : (tensor<64x64xf16, #mma>) -> !tkc_gpu.shared<[64, 64], f16, order = [0, 1]>
    %b = tkc_gpu.local_load %m : !tkc_gpu.shared<[64, 64], f16, order = [0, 1]> -> tensor<64x64xf16, #mma>
    return %a, %b : tensor<64x64xf16, #mma>, tensor<64x64xf16, #mma>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32, tkc_gpu.favor_occupancy} {
  // A kernel lowered favoring occupancy stores a word at a time (a matrix
  // store holds four), and still loads matrices.
  // CHECK-LABEL: llvm.func @favoring_occupancy
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr<3>
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-COUNT-4: nvvm.ldmatrix
  func.func @favoring_occupancy(%v: tensor<64x64xbf16, #mma>) -> tensor<64x64xbf16, #mma> {
    %c = tkc_gpu.convert_layout %v : tensor<64x64xbf16, #mma> -> tensor<64x64xbf16, #l>
    %t = tkc_gpu.local_alloc %v : (tensor<64x64xbf16, #mma>) -> !tkc_gpu.shared<[64, 64], bf16, order = [1, 0]>
    %r = tkc_gpu.local_load %t : !tkc_gpu.shared<[64, 64], bf16, order = [1, 0]> -> tensor<64x64xbf16, #mma>
    return %r : tensor<64x64xbf16, #mma>
  }
}
