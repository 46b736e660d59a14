// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s
// Shared-memory tiles on NVIDIA: a stack of tiles is an address in shared
// memory, each copy is one cp.async of the recorded run (16 bytes: cached in
// L2 only), reading nothing and writing zeros where masked off; a wait is
// cp.async.wait_group and a barrier; an operand comes out with ldmatrix.

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @tiles
  // The first shared-memory op: no barrier before the buffer.
  // CHECK-NOT: nvvm.barrier0
  // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @{{.*}} : !llvm.ptr<3>
  // CHECK: %[[TILE:.*]] = llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // A 32x32 tile over 128 threads in runs of 8: one copy per thread.
  // CHECK: %[[SIZE:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %[[SIZE]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
  // CHECK-NOT: nvvm.cp.async.shared.global
  // CHECK: nvvm.cp.async.commit.group
  // CHECK-NEXT: nvvm.cp.async.wait.group 1
  // CHECK-NEXT: nvvm.barrier0
  // Each warp's 16x32 share of a: two 16x16 tiles of four matrices.
  // CHECK-COUNT-2: nvvm.ldmatrix {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
  // CHECK-NOT: nvvm.ldmatrix
  func.func @tiles(%p: tensor<32x32x!tkc.ptr<f16>, #l>, %m: tensor<32x32xi1, #l>, %i: i32) -> tensor<32x32xf16, #a> {
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]>
    %t = tkc_gpu.tile %buf[%i] : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
    tkc_gpu.async_copy %p, %t mask %m {tkc_gpu.vector_width = 8 : i32} : tensor<32x32x!tkc.ptr<f16>, #l>, !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>, tensor<32x32xi1, #l>
    tkc_gpu.async_commit
    tkc_gpu.async_wait {pending = 1 : i32}
    %v = tkc_gpu.local_load %t : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #a>
    return %v : tensor<32x32xf16, #a>
  }
}

// -----

// A warpgroup dot on sm_90a: the tiles made visible to the async proxy and
// the accumulators fenced, then per 16 of K one m64n128k16 instruction
// reading both tiles through descriptors (A K-major: transpose 0; B stored
// with its rows along N: transpose 1), each tying the 64 accumulators a
// thread holds, and one commit and wait.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @warpgroup
  // CHECK: "fence.proxy.async.shared::cta;\0A\09wgmma.fence.sync.aligned;"
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, $64, $65, 1, 1, 1, 0, 1;"
  // CHECK-NOT: wgmma.mma_async
  // CHECK: "wgmma.commit_group.sync.aligned;\0A\09wgmma.wait_group.sync.aligned 0;"
  func.func @warpgroup(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }
}

// -----

// A in registers: four 32-bit registers of two fp16 each per instruction,
// packed before the fence, no transpose operand for A.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @register_a
  // CHECK: "fence.proxy.async.shared::cta;\0A\09wgmma.fence.sync.aligned;"
  // CHECK-NOT: llvm.bitcast
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$32, $33, $34, $35}, $36, 1, 1, 1, 1;"
  func.func @register_a(%a: tensor<64x32xf16, #a>, %tb: !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tkc_gpu.warpgroup_dot %a, %tb, %c : tensor<64x32xf16, #a> * !tkc_gpu.shared<[32, 64], f16, order = [1, 0]> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}
