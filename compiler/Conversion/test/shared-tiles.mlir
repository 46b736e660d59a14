// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --convert-scf-to-cf --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s
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
    tkc_gpu.async_copy %p, %t mask %m {tkc_gpu.mask_constancy = array<i64: 1, 8>, tkc_gpu.vector_width = 8 : i32} : tensor<32x32x!tkc.ptr<f16>, #l>, !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>, tensor<32x32xi1, #l>
    tkc_gpu.async_commit
    tkc_gpu.async_wait {pending = 1 : i32}
    %v = tkc_gpu.local_load %t : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #a>
    return %v : tensor<32x32xf16, #a>
  }
}

// -----

// A mask that differs within a run (true up to the row's bound, `col < n`)
// reads as many elements as lead it true, 2 bytes each, and zero-fills the
// rest of the 16 bytes.
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @bounded_rows
  // CHECK-COUNT-8: llvm.zext %{{.*}} : i1 to i32
  // CHECK: %[[COUNT:.*]] = llvm.add
  // CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK: %[[SIZE:.*]] = llvm.mul %[[COUNT]], %[[TWO]] : i32
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %[[SIZE]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
  // CHECK-NOT: nvvm.cp.async.shared.global
  func.func @bounded_rows(%p: tensor<32x32x!tkc.ptr<f16>, #l>, %m: tensor<32x32xi1, #l>) {
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
    tkc_gpu.async_copy %p, %buf mask %m {tkc_gpu.mask_constancy = array<i64: 1, 1>, tkc_gpu.vector_width = 8 : i32} : tensor<32x32x!tkc.ptr<f16>, #l>, !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>, tensor<32x32xi1, #l>
    tkc_gpu.async_commit
    return
  }

  // With a limit (the elements in bounds from each on), a run reads the
  // least of its first element's limit and 8, 2 bytes each, where its
  // first element's mask holds.
  // CHECK-LABEL: llvm.func @limited_rows
  // CHECK-NOT: llvm.zext
  // CHECK: %[[MASK:.*]] = llvm.extractvalue %arg1[0]
  // CHECK: %[[LIMIT:.*]] = llvm.extractvalue %arg2[0]
  // CHECK: %[[EIGHT:.*]] = llvm.mlir.constant(8 : i64) : i64
  // CHECK: %[[MOST:.*]] = llvm.intr.smin(%[[LIMIT]], %[[EIGHT]]) : (i64, i64) -> i64
  // CHECK: %[[COUNT:.*]] = llvm.trunc %[[MOST]] : i64 to i32
  // CHECK: %[[READ:.*]] = llvm.mul %[[COUNT]], %{{.*}} : i32
  // CHECK: %[[SIZE:.*]] = llvm.select %[[MASK]], %[[READ]], %{{.*}} : i1, i32
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %[[SIZE]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
  // CHECK-NOT: nvvm.cp.async.shared.global
  func.func @limited_rows(%p: tensor<32x32x!tkc.ptr<f16>, #l>, %m: tensor<32x32xi1, #l>, %n: tensor<32x32xi64, #l>) {
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
    tkc_gpu.async_copy %p, %buf mask %m limit %n {tkc_gpu.mask_constancy = array<i64: 1, 1>, tkc_gpu.vector_width = 8 : i32} : tensor<32x32x!tkc.ptr<f16>, #l>, !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>, tensor<32x32xi1, #l>, tensor<32x32xi64, #l>
    tkc_gpu.async_commit
    return
  }
}

// -----

// A stack of 1-D tiles (a loop's gate vector) in a slice of the accumulator
// layout, where the four lanes of a quad hold each element (and each
// thread its two once): tile i starts 64 elements in, only the
// lanes whose quad bits are 0 copy, one 4-byte cp.async per element they
// own, and every thread reads its registers back.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#r = #tkc_gpu.slice<{dim = 1, parent = #mma}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @gate_vector
  // CHECK: %[[N:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK: llvm.mul %{{.*}}, %[[N]] : i32
  // CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK: llvm.cond_br %[[OWNER]]
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 4, cache =  ca, %{{.*}}
  // CHECK: llvm.cond_br %[[OWNER]]
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 4, cache =  ca, %{{.*}}
  // CHECK-NOT: nvvm.cp.async.shared.global
  // CHECK: nvvm.cp.async.commit.group
  // CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
  // CHECK-NOT: llvm.load
  func.func @gate_vector(%p: tensor<64x!tkc.ptr<f32>, #r>, %m: tensor<64xi1, #r>, %i: i32) -> tensor<64xf32, #r> {
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 64], f32, order = [0]>
    %t = tkc_gpu.tile %buf[%i] : !tkc_gpu.shared<[2, 64], f32, order = [0]> -> !tkc_gpu.shared<[64], f32, order = [0]>
    tkc_gpu.async_copy %p, %t mask %m {tkc_gpu.vector_width = 1 : i32} : tensor<64x!tkc.ptr<f32>, #r>, !tkc_gpu.shared<[64], f32, order = [0]>, tensor<64xi1, #r>
    tkc_gpu.async_commit
    tkc_gpu.async_wait {pending = 0 : i32}
    %v = tkc_gpu.local_load %t : !tkc_gpu.shared<[64], f32, order = [0]> -> tensor<64xf32, #r>
    return %v : tensor<64xf32, #r>
  }
}

// -----

// A vector every warp holds (a column of the accumulator layout): each
// warp copies it, by the lanes whose row bits are 0 (the lane's bits 2-4:
// mask 28), with no test of the warp, so that each warp's wait covers the
// elements it reads; two 8-byte runs per lane.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#c = #tkc_gpu.slice<{dim = 0, parent = #mma}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @column_vector
  // CHECK: %[[ROWBITS:.*]] = llvm.mlir.constant(28 : i32) : i32
  // CHECK-NEXT: %[[BITS:.*]] = llvm.and %{{.*}}, %[[ROWBITS]] : i32
  // CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BITS]], %{{.*}} : i32
  // CHECK-NOT: llvm.and {{.*}} : i1
  // CHECK: llvm.cond_br %[[OWNER]]
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache =  ca
  // CHECK: llvm.cond_br %[[OWNER]]
  // CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache =  ca
  // CHECK-NOT: nvvm.cp.async.shared.global
  // CHECK: nvvm.cp.async.commit.group
  func.func @column_vector(%p: tensor<16x!tkc.ptr<f32>, #c>, %i: i32) -> tensor<16xf32, #c> {
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 16], f32, order = [0]>
    %t = tkc_gpu.tile %buf[%i] : !tkc_gpu.shared<[2, 16], f32, order = [0]> -> !tkc_gpu.shared<[16], f32, order = [0]>
    tkc_gpu.async_copy %p, %t {tkc_gpu.vector_width = 2 : i32} : tensor<16x!tkc.ptr<f32>, #c>, !tkc_gpu.shared<[16], f32, order = [0]>
    tkc_gpu.async_commit
    tkc_gpu.async_wait {pending = 0 : i32}
    %v = tkc_gpu.local_load %t : !tkc_gpu.shared<[16], f32, order = [0]> -> tensor<16xf32, #c>
    return %v : tensor<16xf32, #c>
  }
}

// -----

// A warpgroup dot on sm_90a: the registers fenced (the tiles come from
// cp.async: no proxy fence), then per 16 of K one m64n128k16 instruction
// reading both tiles through descriptors (A K-major: transpose 0; B stored
// with its rows along N: transpose 1), each tying the 64 accumulators a
// thread holds, then one commit and a wait the accumulators pass through.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // The warpgroup's index is broadcast from lane 0, so that ptxas keeps
  // the descriptors in uniform registers.
  // CHECK-LABEL: llvm.func @warpgroup
  // CHECK: nvvm.shfl.sync idx
  // CHECK: "wgmma.fence.sync.aligned;"
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, $64, $65, 1, 1, 1, 0, 1;"
  // CHECK-NOT: wgmma.mma_async
  // CHECK: "wgmma.commit_group.sync.aligned;"
  // CHECK-NEXT: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "=f,{{.*}},=f,0,{{.*}},63"
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  func.func @warpgroup(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }
}

// -----

// A warpgroup dot onto zeros (attention's scores, a product's first K
// steps): the first instruction neither reads nor adds the accumulators
// (scale-d 0, its 64 registers outputs only, untied), so nothing writes
// them between the fence and it; the second accumulates (scale-d 1, tied).
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @warpgroup_onto_zeros
  // CHECK: "wgmma.fence.sync.aligned;"
  // CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, $64, $65, 0, 1, 1, 0, 1;", "=f,{{.*}},=f,l,l" %{{[0-9]+}}, %{{[0-9]+}} :
  // CHECK: "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, $64, $65, 1, 1, 1, 0, 1;", "=f,{{.*}},=f,l,l,0,{{.*}},63"
  // CHECK-NOT: wgmma.mma_async
  // CHECK: "wgmma.commit_group.sync.aligned;"
  func.func @warpgroup_onto_zeros(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>) -> tensor<64x128xf32, #mma> {
    %c = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }
}

// -----

// A tile seen transposed (tkc_gpu.trans_tile) is the tile's own address:
// B stored with its rows along K (a K-major 128x32 tile seen as 32x128)
// takes transpose 0 where the same bytes read as N-major take 1.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @transposed_b
  // CHECK-SAME: %[[TB:[^:]*]]: !llvm.ptr<3>
  // CHECK: llvm.ptrtoint %[[TB]] : !llvm.ptr<3> to i32
  // CHECK: "wgmma.fence.sync.aligned;"
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, $64, $65, 1, 1, 1, 0, 0;"
  // CHECK-NOT: wgmma.mma_async
  func.func @transposed_b(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[128, 32], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %b = tkc_gpu.trans_tile %tb : !tkc_gpu.shared<[128, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 128], f16, order = [0, 1]>
    %d = tkc_gpu.warpgroup_dot %ta, %b, %c : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [0, 1]> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }
}

// -----

// Two warpgroups along N (8 warps, 64 rows): each multiplies its own 128
// columns, m64n128k16, its B descriptors starting at column 128 * group
// (blocks of 64 columns, 4096 bytes apart in the tile).
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 2], instrN = 128}>
module attributes {tkc_gpu.num_warps = 8 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @groups_along_n
  // CHECK: %[[GROUP:.*]] = nvvm.shfl.sync idx
  // CHECK: %[[COLS:.*]] = llvm.mlir.constant(128 : i32)
  // CHECK: %[[SHIFTED:.*]] = llvm.lshr %[[GROUP]]
  // CHECK: %[[COL:.*]] = llvm.mul %[[SHIFTED]], %[[COLS]]
  // CHECK: %[[BLOCK:.*]] = llvm.udiv %[[COL]]
  // CHECK: llvm.mul %[[BLOCK]]
  // CHECK: "wgmma.fence.sync.aligned;"
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, $64, $65, 1, 1, 1, 0, 1;"
  // CHECK-NOT: wgmma.mma_async
  func.func @groups_along_n(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 256], f16, order = [1, 0]>, %c: tensor<64x256xf32, #mma>) -> tensor<64x256xf32, #mma> {
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 256], f16, order = [1, 0]> -> tensor<64x256xf32, #mma>
    return %d : tensor<64x256xf32, #mma>
  }
}

// -----

// A in registers: four 32-bit registers of two fp16 each per instruction,
// packed before the fence, no transpose operand for A.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @register_a
  // CHECK: "wgmma.fence.sync.aligned;"
  // CHECK-NOT: llvm.bitcast
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$32, $33, $34, $35}, $36, 1, 1, 1, 1;"
  func.func @register_a(%a: tensor<64x32xf16, #a>, %tb: !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tkc_gpu.warpgroup_dot %a, %tb, %c : tensor<64x32xf16, #a> * !tkc_gpu.shared<[32, 64], f16, order = [1, 0]> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// fp16 accumulators (out_dtype=tl.float16): m64n128k16.f16 ties 32
// registers a thread, each two columns side by side packed as an i32, in
// the multiply and in the wait; the fp16 values are taken apart only after
// the wait.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @half_accumulators
  // CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // CHECK: "wgmma.fence.sync.aligned;"
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 {$0, {{.*}}, $31}, $32, $33, 1, 1, 1, 0, 1;", "=r,{{.*}},=r,l,l,0,{{.*}},31"
  // CHECK-NOT: wgmma.mma_async
  // CHECK: "wgmma.commit_group.sync.aligned;"
  // CHECK-NOT: llvm.extractelement
  // CHECK: "wgmma.wait_group.sync.aligned 0;", "=r,{{.*}},=r,0,{{.*}},31"
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  // CHECK: llvm.extractelement
  func.func @half_accumulators(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf16, #mma>) -> tensor<64x128xf16, #mma> {
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf16, #mma>
    return %d : tensor<64x128xf16, #mma>
  }
}

// -----

// pending = 1: the wait leaves the last group in flight, then a barrier;
// warpgroup_wait waits for it, the accumulators passing through.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @overlapped
  // CHECK: "wgmma.commit_group.sync.aligned;"
  // CHECK-NEXT: "wgmma.wait_group.sync.aligned 1;", "=f,{{.*}},0,{{.*}},63"
  // CHECK: nvvm.barrier0
  // CHECK: "wgmma.wait_group.sync.aligned 0;", "=f,{{.*}},0,{{.*}},63"
  func.func @overlapped(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c {pending = 1 : i32} : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
    %r = tkc_gpu.warpgroup_wait %d {pending = 0 : i32} : tensor<64x128xf32, #mma>
    return %r : tensor<64x128xf32, #mma>
  }
}

// -----

// tf32: per 8 of K one m64n64k8 instruction, both tiles K-major (B stored
// with its rows along K, order [0, 1]) and no transpose operands.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @warpgroup_tf32
  // CHECK-COUNT-4: "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {$0, {{.*}}, $31}, $32, $33, 1, 1, 1;"
  // CHECK-NOT: wgmma.mma_async
  func.func @warpgroup_tf32(%ta: !tkc_gpu.shared<[64, 32], f32, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[64, 32], f32, order = [1, 0]> * !tkc_gpu.shared<[32, 64], f32, order = [0, 1]> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// tf32 operands: K along the stored rows, `a` comes out with ldmatrix
// (one 32-bit element per word, four per 16x8 step); `b` stored with its rows along N, which
// matrix loads cannot transpose for 32-bit elements, comes out one
// ld.shared per element.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @tf32_operands
  // CHECK-COUNT-4: nvvm.ldmatrix {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK-COUNT-16: llvm.load {{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
  // CHECK-NOT: llvm.load
  func.func @tf32_operands(%ta: !tkc_gpu.shared<[32, 32], f32, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 32], f32, order = [1, 0]>) -> (tensor<32x32xf32, #a>, tensor<32x32xf32, #b>) {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[32, 32], f32, order = [1, 0]> -> tensor<32x32xf32, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 32], f32, order = [1, 0]> -> tensor<32x32xf32, #b>
    return %a, %b : tensor<32x32xf32, #a>, tensor<32x32xf32, #b>
  }
}

// -----

// fp8 e4m3: per 32 of K one m64n64k32 instruction, no transpose operands.
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @warpgroup_fp8
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {$0, {{.*}}, $31}, $32, $33, 1, 1, 1;"
  // CHECK-NOT: wgmma.mma_async
  func.func @warpgroup_fp8(%ta: !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [1, 0]>, %tb: !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [0, 1]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [1, 0]> * !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [0, 1]> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// int8 into int32: m64n64k32 .s32.s8.s8, integer accumulators ("=r"),
// scale-d alone (integer multiplies take no negation operands).
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @warpgroup_int8
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {$0, {{.*}}, $31}, $32, $33, 1;", "=r,{{.*}},=r,l,l,0,
  // CHECK-NOT: wgmma.mma_async
  // CHECK: "wgmma.wait_group.sync.aligned 0;", "=r,
  func.func @warpgroup_int8(%ta: !tkc_gpu.shared<[64, 64], i8, order = [1, 0]>, %tb: !tkc_gpu.shared<[64, 64], i8, order = [0, 1]>, %c: tensor<64x64xi32, #mma>) -> tensor<64x64xi32, #mma> {
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[64, 64], i8, order = [1, 0]> * !tkc_gpu.shared<[64, 64], i8, order = [0, 1]> -> tensor<64x64xi32, #mma>
    return %d : tensor<64x64xi32, #mma>
  }
}

// -----

// Tiles stored from registers for a warpgroup multiply: each thread's runs
// of 8 elements (16 bytes) one store each, into their swizzled places, then
// the proxy fence (wgmma reads shared memory through the async proxy) and a
// barrier. The first op needs no barrier before its stores; the alloc in
// the loop waits first for the previous iteration's multiplies.
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @stored_tiles
  // CHECK-NOT: nvvm.barrier0
  // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
  // CHECK-NEXT: "fence.proxy.async.shared::cta;"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: llvm.cond_br
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
  // CHECK-NEXT: "fence.proxy.async.shared::cta;"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: "wgmma.fence.sync.aligned;"
  func.func @stored_tiles(%va: tensor<64x32xf16, #l>, %vb: tensor<32x128xf16, #l>, %c: tensor<64x128xf32, #mma>, %n: i32) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ta = tkc_gpu.local_alloc %va : (tensor<64x32xf16, #l>) -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x128xf32, #mma>) : i32 {
      %tb = tkc_gpu.local_alloc %vb : (tensor<32x128xf16, #l>) -> !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>
      %d = tkc_gpu.warpgroup_dot %ta, %tb, %acc : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    return %r : tensor<64x128xf32, #mma>
  }

  // Both tiles stored in the loop, one after the other: one barrier before
  // the first's stores guards both, and one fence and barrier after the
  // second's serve both.
  // CHECK-LABEL: llvm.func @tiles_stored_back_to_back
  // CHECK: ^bb2:
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
  // CHECK-NOT: {{nvvm.barrier0|fence.proxy}}
  // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
  // CHECK-NEXT: "fence.proxy.async.shared::cta;"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: "wgmma.fence.sync.aligned;"
  func.func @tiles_stored_back_to_back(%va: tensor<64x32xf16, #l>, %vb: tensor<32x128xf16, #l>, %c: tensor<64x128xf32, #mma>, %n: i32) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x128xf32, #mma>) : i32 {
      %ta = tkc_gpu.local_alloc %va : (tensor<64x32xf16, #l>) -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      %tb = tkc_gpu.local_alloc %vb : (tensor<32x128xf16, #l>) -> !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>
      %d = tkc_gpu.warpgroup_dot %ta, %tb, %acc : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    return %r : tensor<64x128xf32, #mma>
  }
}

// -----

#acc = #tkc_gpu.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // b of a dot left to multiply-adds, read from a 16x32 fp32 tile stored
  // along N: each thread holds its 4 columns for all 16 of K, K in its
  // lowest register bits. The 4 columns of one K step are registers 16
  // apart, but one chunk in the tile: one 16-byte load per K step.
  // CHECK-LABEL: llvm.func @fma_b
  // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @fma_b(%tb: !tkc_gpu.shared<[16, 32], f32, order = [1, 0]>) -> tensor<16x32xf32, #b> {
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[16, 32], f32, order = [1, 0]> -> tensor<16x32xf32, #b>
    return %b : tensor<16x32xf32, #b>
  }
}

// -----

#acc = #tkc_gpu.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // The same tile unswizzled: every K step's load is at its row's start
  // plus the thread's column, with no XOR of the row's phase between them.
  // CHECK-LABEL: llvm.func @fma_b_unswizzled
  // CHECK: %[[ROW:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: %[[AT:.*]] = llvm.add %[[ROW]], %{{.*}} : i32
  // CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[%[[AT]]]
  // CHECK-NEXT: llvm.load %[[P]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-COUNT-15: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @fma_b_unswizzled(%tb: !tkc_gpu.shared<[16, 32], f32, order = [1, 0], swizzled = false>) -> tensor<16x32xf32, #b> {
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[16, 32], f32, order = [1, 0], swizzled = false> -> tensor<16x32xf32, #b>
    return %b : tensor<16x32xf32, #b>
  }
}

// -----

// Tiles that only ordinary loads read (mma.sync operands) take no proxy
// fence, although the target has warpgroup multiplies; a global load
// between the two stores does not split their run: one barrier before, one
// after.
// CHECK-LABEL: llvm.func @loaded_tiles
// CHECK: ^bb2:
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: ld.global
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.ldmatrix
// CHECK-NOT: fence.proxy
// CHECK: llvm.return
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @loaded_tiles(%va: tensor<32x32xf16, #l>, %p: tensor<32x32x!tkc.ptr<f16>, #l>, %c: tensor<32x32xf32, #mma>, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<32x32xf32, #mma>) : i32 {
      %ta = tkc_gpu.local_alloc %va : (tensor<32x32xf16, #l>) -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      %vb = tkc.load %p : tensor<32x32x!tkc.ptr<f16>, #l>
      %tb = tkc_gpu.local_alloc %vb : (tensor<32x32xf16, #l>) -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #a>
      %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    return %r : tensor<32x32xf32, #mma>
  }
}
