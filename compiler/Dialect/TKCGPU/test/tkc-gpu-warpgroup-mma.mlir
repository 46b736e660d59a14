// RUN: tkc-opt %s --split-input-file --tkc-gpu-warpgroup-mma="target=cuda:90a" | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-gpu-warpgroup-mma="target=cuda:80" | FileCheck %s --check-prefix=AMPERE

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // Both operands are whole tiles read only by the dot, and the four warps
  // lie along M: the dot reads the tiles where they are.
  // CHECK-LABEL: func.func @tiles
  // CHECK-SAME: (%[[TA:.*]]: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %[[TB:.*]]: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %[[C:.*]]: tensor<64x128xf32, #mma>)
  // CHECK-NEXT: %[[D:.*]] = tkc_gpu.warpgroup_dot %[[TA]], %[[TB]], %[[C]] : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
  // CHECK-NEXT: return %[[D]]
  // sm_80 has no warpgroup multiply.
  // AMPERE-LABEL: func.func @tiles
  // AMPERE: tkc_gpu.local_load
  // AMPERE: tkc.dot
  func.func @tiles(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }

  // A computed in its dot operand layout (attention's P) is read from
  // registers, in mma.sync's A fragments; B still comes from its tile.
  // CHECK-LABEL: func.func @register_a
  // CHECK-SAME: (%[[A:.*]]: tensor<64x32xf16, #dot_op{{[0-9]*}}>, %[[TB:.*]]: !tkc_gpu.shared
  // CHECK-NEXT: tkc_gpu.warpgroup_dot %[[A]], %[[TB]], %{{.*}} : tensor<64x32xf16, #dot_op{{[0-9]*}}> * !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<64x128xf32, #mma>
  func.func @register_a(%a: tensor<64x32xf16, #a>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }

  // B in registers: wgmma reads B from shared memory only, so B is stored
  // into a tile of its own where it is made, its rows along K, where its
  // layout's registers run.
  // CHECK-LABEL: func.func @register_b
  // CHECK-SAME: %[[B:[a-z0-9]+]]: tensor<32x128xf16
  // CHECK-NEXT: %[[TB:.*]] = tkc_gpu.local_alloc %[[B]] : (tensor<32x128xf16, #dot_op{{[0-9]*}}>) -> !tkc_gpu.shared<[32, 128], f16, order = [0, 1]>
  // CHECK-NOT: local_load
  // CHECK: tkc_gpu.warpgroup_dot %{{.*}}, %[[TB]]
  func.func @register_b(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %b: tensor<32x128xf16, #b>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#t = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A module in which an invariant A stays in registers (@invariant_a) is
  // marked: the driver may lower it again favoring occupancy (which would
  // save registers, not tiles).
  // CHECK: module attributes {{{.*}}tkc_gpu.occupancy_headroom
  // CHECK-NOT: tkc_gpu.shared_headroom
  // Operands converted from the layouts they were loaded in (a K loop the
  // pipeliner left alone): each is stored into a tile where it was
  // converted, rows along its layout's order (a: K, b: N; a transposed
  // b^T: K), and the conversions go. Such a dot waits for itself in its
  // loop: the next iteration overwrites its tiles.
  // CHECK-LABEL: func.func @loaded
  // CHECK: scf.for
  // CHECK: %[[X:.*]] = tkc.load
  // CHECK-NEXT: %[[TA:.*]] = tkc_gpu.local_alloc %[[X]] : (tensor<64x32xf16, #blocked>) -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
  // CHECK-NEXT: %[[Y:.*]] = tkc.load
  // CHECK-NEXT: %[[TB:.*]] = tkc_gpu.local_alloc %[[Y]] : (tensor<32x128xf16, #blocked>) -> !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>
  // CHECK-NEXT: %[[D:.*]] = tkc_gpu.warpgroup_dot %[[TA]], %[[TB]], %{{.*}} :
  // CHECK-NEXT: scf.yield %[[D]]
  // CHECK-NOT: warpgroup_wait
  // CHECK: %[[TT:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<32x128xf16, #blocked1>) -> !tkc_gpu.shared<[32, 128], f16, order = [0, 1]>
  // CHECK: tkc_gpu.warpgroup_dot %{{.*}}, %[[TT]]
  // CHECK-NOT: convert_layout
  func.func @loaded(%pa: tensor<64x32x!tkc.ptr<f16>, #l>, %pb: tensor<32x128x!tkc.ptr<f16>, #l>, %bt: tensor<32x128xf16, #t>, %n: i32) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xf32, #mma>) : i32 {
      %x = tkc.load %pa : tensor<64x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %x : tensor<64x32xf16, #l> -> tensor<64x32xf16, #a>
      %y = tkc.load %pb : tensor<32x128x!tkc.ptr<f16>, #l>
      %b = tkc_gpu.convert_layout %y : tensor<32x128xf16, #l> -> tensor<32x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    %x2 = tkc.load %pa : tensor<64x32x!tkc.ptr<f16>, #l>
    %a2 = tkc_gpu.convert_layout %x2 : tensor<64x32xf16, #l> -> tensor<64x32xf16, #a>
    %b2 = tkc_gpu.convert_layout %bt : tensor<32x128xf16, #t> -> tensor<32x128xf16, #b>
    %e = tkc.dot %a2, %b2, %r : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %e : tensor<64x128xf32, #mma>
  }

  // A converted from the accumulator layout (attention's P, cast to f16)
  // stays in registers.
  // CHECK-LABEL: func.func @accumulator_a
  // CHECK-NEXT: %[[P:.*]] = tkc_gpu.convert_layout
  // CHECK-NEXT: tkc_gpu.local_alloc
  // CHECK-NEXT: tkc_gpu.warpgroup_dot %[[P]],
  func.func @accumulator_a(%s: tensor<64x32xf16, #mma>, %v: tensor<32x128xf16, #l>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %p = tkc_gpu.convert_layout %s : tensor<64x32xf16, #mma> -> tensor<64x32xf16, #a>
    %b = tkc_gpu.convert_layout %v : tensor<32x128xf16, #l> -> tensor<32x128xf16, #b>
    %d = tkc.dot %p, %b, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }

  // A converted once before the loop (attention's Q) stays in registers up
  // to 32 per thread (64x128 f16 on 4 warps); a larger one (128x128) goes
  // to a tile before its loop.
  // CHECK-LABEL: func.func @invariant_a
  // CHECK: %[[Q:.*]] = tkc_gpu.convert_layout %{{.*}} : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #dot_op>
  // CHECK: %[[T:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<128x128xf16, #blocked>)
  // CHECK: scf.for
  // CHECK: tkc_gpu.warpgroup_dot %[[Q]],
  // CHECK: scf.for
  // CHECK: tkc_gpu.warpgroup_dot %[[T]],
  func.func @invariant_a(%q: tensor<64x128xf16, #l>, %q2: tensor<128x128xf16, #l>, %v: tensor<128x128xf16, #l>, %n: i32) -> (tensor<64x128xf32, #mma>, tensor<128x128xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
    %z2 = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %a = tkc_gpu.convert_layout %q : tensor<64x128xf16, #l> -> tensor<64x128xf16, #a>
    %a2 = tkc_gpu.convert_layout %q2 : tensor<128x128xf16, #l> -> tensor<128x128xf16, #a>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<64x128xf32, #mma>) : i32 {
      %b = tkc_gpu.convert_layout %v : tensor<128x128xf16, #l> -> tensor<128x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x128xf16, #a> * tensor<128x128xf16, #b> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    %r2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc2 = %z2) -> (tensor<128x128xf32, #mma>) : i32 {
      %b = tkc_gpu.convert_layout %v : tensor<128x128xf16, #l> -> tensor<128x128xf16, #b>
      %d2 = tkc.dot %a2, %b, %acc2 : tensor<128x128xf16, #a> * tensor<128x128xf16, #b> -> tensor<128x128xf32, #mma>
      scf.yield %d2 : tensor<128x128xf32, #mma>
    }
    return %r, %r2 : tensor<64x128xf32, #mma>, tensor<128x128xf32, #mma>
  }

  // A loop that already holds 192 registers per thread (attention's
  // backward: dK and dV carried, 64 each, and two 128x32 products, 32
  // each) keeps no invariant A in registers: K and V go to tiles.
  // CHECK-LABEL: func.func @invariant_a_budget
  // CHECK-DAG: %[[K:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<128x64xf16, #blocked>)
  // CHECK-DAG: %[[V:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<128x64xf16, #blocked>)
  // CHECK: scf.for
  // CHECK: tkc_gpu.warpgroup_dot %[[K]],
  // CHECK: tkc_gpu.warpgroup_dot %[[V]],
  func.func @invariant_a_budget(%k: tensor<128x64xf16, #l>, %v: tensor<128x64xf16, #l>, %qt: tensor<64x32xf16, #l>, %p: tensor<128x32xf16, #mma>, %do: tensor<32x64xf16, #l>, %n: i32) -> (tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
    %z32 = arith.constant dense<0.0> : tensor<128x32xf32, #mma>
    %ka = tkc_gpu.convert_layout %k : tensor<128x64xf16, #l> -> tensor<128x64xf16, #a>
    %va = tkc_gpu.convert_layout %v : tensor<128x64xf16, #l> -> tensor<128x64xf16, #a>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%dk = %z, %dv = %z) -> (tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>) : i32 {
      %qb = tkc_gpu.convert_layout %qt : tensor<64x32xf16, #l> -> tensor<64x32xf16, #b>
      %s = tkc.dot %ka, %qb, %z32 : tensor<128x64xf16, #a> * tensor<64x32xf16, #b> -> tensor<128x32xf32, #mma>
      %dp = tkc.dot %va, %qb, %z32 : tensor<128x64xf16, #a> * tensor<64x32xf16, #b> -> tensor<128x32xf32, #mma>
      %pa = tkc_gpu.convert_layout %p : tensor<128x32xf16, #mma> -> tensor<128x32xf16, #a>
      %dob = tkc_gpu.convert_layout %do : tensor<32x64xf16, #l> -> tensor<32x64xf16, #b>
      %dv2 = tkc.dot %pa, %dob, %dv : tensor<128x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<128x64xf32, #mma>
      %dk2 = tkc.dot %pa, %dob, %dk : tensor<128x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<128x64xf32, #mma>
      scf.yield %dk2, %dv2 : tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>
    }
    return %r#0, %r#1 : tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>
  }

  // Dots of the same value share its tile (attention's Q in its two loops).
  // CHECK-LABEL: func.func @one_tile
  // CHECK-COUNT-2: tkc_gpu.local_alloc
  // CHECK-NOT: tkc_gpu.local_alloc
  // CHECK: return
  func.func @one_tile(%q: tensor<64x32xf16, #l>, %v: tensor<32x128xf16, #l>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %a0 = tkc_gpu.convert_layout %q : tensor<64x32xf16, #l> -> tensor<64x32xf16, #a>
    %b0 = tkc_gpu.convert_layout %v : tensor<32x128xf16, #l> -> tensor<32x128xf16, #b>
    %d0 = tkc.dot %a0, %b0, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    %a1 = tkc_gpu.convert_layout %q : tensor<64x32xf16, #l> -> tensor<64x32xf16, #a>
    %b1 = tkc_gpu.convert_layout %v : tensor<32x128xf16, #l> -> tensor<32x128xf16, #b>
    %d1 = tkc.dot %a1, %b1, %d0 : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d1 : tensor<64x128xf32, #mma>
  }

  // Tiles stored for a second dot whose values are made before the first
  // go before the first dot, which reads stored tiles too: stored after it,
  // they would take its tiles' bytes once it is done with them (a barrier
  // after its wait, another before the second dot). A value made from the
  // first dot's result (%p) is stored after it.
  // CHECK-LABEL: func.func @stores_before_earlier_dots
  // CHECK-COUNT-4: tkc_gpu.local_alloc
  // CHECK: %[[D1:.*]] = tkc_gpu.warpgroup_dot
  // CHECK-NOT: tkc_gpu.local_alloc
  // CHECK: %[[D2:.*]] = tkc_gpu.warpgroup_dot
  // CHECK: arith.truncf %[[D2]]
  // CHECK: tkc_gpu.local_alloc
  // CHECK: tkc_gpu.warpgroup_dot
  func.func @stores_before_earlier_dots(%w1: tensor<64x64xf16, #l>, %w2: tensor<64x64xf16, #l>, %h1: tensor<64x64xf16, #l>, %h2: tensor<64x64xf16, #l>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a1 = tkc_gpu.convert_layout %w1 : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
    %b1 = tkc_gpu.convert_layout %h2 : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
    %d1 = tkc.dot %a1, %b1, %c : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
    %a2 = tkc_gpu.convert_layout %w2 : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
    %b2 = tkc_gpu.convert_layout %h1 : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
    %d2 = tkc.dot %a2, %b2, %d1 : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
    %p = arith.truncf %d2 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
    %b3 = tkc_gpu.convert_layout %p : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #b>
    %d3 = tkc.dot %a2, %b3, %d2 : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
    return %d3 : tensor<64x64xf32, #mma>
  }

  // An A computed in registers whose tile would take the block past its
  // shared memory (224 KB of stacks, B's 16 KB tile and A's 8 KB) stays in
  // registers, as Triton keeps it: its block-scaled matmul tutorial on
  // sm_90a scales bf16 operands from stacks of fp8 tiles. B is stored.
  // CHECK-LABEL: func.func @a_past_shared_memory
  // CHECK: tkc_gpu.local_alloc : !tkc_gpu.shared<[7, 128, 128], f16
  // CHECK: %[[B:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<64x128xf16, #{{.*}}>)
  // CHECK-NOT: tkc_gpu.local_alloc
  // CHECK: tkc_gpu.warpgroup_dot %{{.*}}, %[[B]], %{{.*}} : tensor<64x64xf16, #{{.*}}> *
  func.func @a_past_shared_memory(%x: tensor<64x64xf16, #l>, %v: tensor<64x128xf16, #l>, %c: tensor<64x128xf32, #mma>) -> (tensor<64x128xf32, #mma>, !tkc_gpu.shared<[7, 128, 128], f16, order = [1, 0]>) {
    %stack = tkc_gpu.local_alloc : !tkc_gpu.shared<[7, 128, 128], f16, order = [1, 0]>
    %q = arith.mulf %x, %x : tensor<64x64xf16, #l>
    %a = tkc_gpu.convert_layout %q : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
    %b = tkc_gpu.convert_layout %v : tensor<64x128xf16, #l> -> tensor<64x128xf16, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x64xf16, #a> * tensor<64x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d, %stack : tensor<64x128xf32, #mma>, !tkc_gpu.shared<[7, 128, 128], f16, order = [1, 0]>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#t = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A tile read once for two dots (attention's backward: qT for one, its
  // transpose for the other) is read where it lies by both: as it is, and
  // through a transposed view; the read and the transposition go.
  // CHECK-LABEL: func.func @tile_read_both_ways
  // CHECK-SAME: (%[[TQ:[^:]*]]: !tkc_gpu.shared<[64, 32], f16, order = [0, 1]>, %[[TK:[^:]*]]: !tkc_gpu.shared<[128, 64], f16, order = [1, 0]>
  // CHECK-NOT: tkc_gpu.local_load
  // CHECK: %[[S:.*]] = tkc_gpu.warpgroup_dot %[[TK]], %[[TQ]], %{{.*}} : !tkc_gpu.shared<[128, 64], f16, order = [1, 0]> * !tkc_gpu.shared<[64, 32], f16, order = [0, 1]>
  // CHECK: %[[V:.*]] = tkc_gpu.trans_tile %[[TQ]] : !tkc_gpu.shared<[64, 32], f16, order = [0, 1]> -> !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
  // CHECK: tkc_gpu.warpgroup_dot %{{.*}}, %[[V]], %{{.*}} : tensor<128x32xf16, #dot_op> * !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
  // CHECK-NOT: tkc_gpu.local_alloc
  // CHECK-NOT: tkc.trans
  func.func @tile_read_both_ways(%tq: !tkc_gpu.shared<[64, 32], f16, order = [0, 1]>, %tk: !tkc_gpu.shared<[128, 64], f16, order = [1, 0]>, %c: tensor<128x32xf32, #mma>, %acc: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %q = tkc_gpu.local_load %tq : !tkc_gpu.shared<[64, 32], f16, order = [0, 1]> -> tensor<64x32xf16, #t>
    %k = tkc_gpu.local_load %tk : !tkc_gpu.shared<[128, 64], f16, order = [1, 0]> -> tensor<128x64xf16, #a>
    %qb = tkc_gpu.convert_layout %q : tensor<64x32xf16, #t> -> tensor<64x32xf16, #b>
    %s = tkc.dot %k, %qb, %c : tensor<128x64xf16, #a> * tensor<64x32xf16, #b> -> tensor<128x32xf32, #mma>
    %p = arith.truncf %s : tensor<128x32xf32, #mma> to tensor<128x32xf16, #mma>
    %pa = tkc_gpu.convert_layout %p : tensor<128x32xf16, #mma> -> tensor<128x32xf16, #a>
    %qt = tkc.trans %q {order = array<i32: 1, 0>} : tensor<64x32xf16, #t> -> tensor<32x64xf16, #l>
    %qtb = tkc_gpu.convert_layout %qt : tensor<32x64xf16, #l> -> tensor<32x64xf16, #b>
    %d = tkc.dot %pa, %qtb, %acc : tensor<128x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<128x64xf32, #mma>
    return %d : tensor<128x64xf32, #mma>
  }

  // A tile whose read also feeds other ops is not read in place by its dot.
  // CHECK-LABEL: func.func @tile_read_elsewhere
  // CHECK: %[[Q:.*]] = tkc_gpu.local_load
  // CHECK: tkc_gpu.local_alloc %[[Q]]
  // CHECK: tkc_gpu.warpgroup_dot
  func.func @tile_read_elsewhere(%tq: !tkc_gpu.shared<[64, 32], f16, order = [0, 1]>, %tk: !tkc_gpu.shared<[128, 64], f16, order = [1, 0]>, %c: tensor<128x32xf32, #mma>) -> (tensor<128x32xf32, #mma>, tensor<64x32xf16, #t>) {
    %q = tkc_gpu.local_load %tq : !tkc_gpu.shared<[64, 32], f16, order = [0, 1]> -> tensor<64x32xf16, #t>
    %k = tkc_gpu.local_load %tk : !tkc_gpu.shared<[128, 64], f16, order = [1, 0]> -> tensor<128x64xf16, #a>
    %qb = tkc_gpu.convert_layout %q : tensor<64x32xf16, #t> -> tensor<64x32xf16, #b>
    %s = tkc.dot %k, %qb, %c : tensor<128x64xf16, #a> * tensor<64x32xf16, #b> -> tensor<128x32xf32, #mma>
    %q2 = arith.addf %q, %q : tensor<64x32xf16, #t>
    return %s, %q2 : tensor<128x32xf32, #mma>, tensor<64x32xf16, #t>
  }

  // A loaded tile multiplied transposed (K^T) and as it is (V), as an MLA
  // attention reads its paged cache: one tile is stored, the value as
  // loaded, and the transposed operand is a view of it.
  // CHECK-LABEL: func.func @stored_both_ways
  // CHECK: %[[V:.*]] = tkc.load
  // CHECK: %[[T:.*]] = tkc_gpu.local_alloc %[[V]] : (tensor<32x64xf16, #{{.*}}>) -> !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
  // CHECK: %[[VT:.*]] = tkc_gpu.trans_tile %[[T]] : !tkc_gpu.shared<[32, 64], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 32], f16, order = [0, 1]>
  // CHECK: tkc_gpu.warpgroup_dot %{{.*}}, %[[VT]], %{{.*}}
  // CHECK: tkc_gpu.warpgroup_dot %{{.*}}, %[[T]], %{{.*}}
  // CHECK-NOT: tkc_gpu.local_alloc
  func.func @stored_both_ways(%pv: tensor<32x64x!tkc.ptr<f16>, #l>, %k: tensor<128x64xf16, #a>, %c: tensor<128x32xf32, #mma>, %acc: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %v = tkc.load %pv : tensor<32x64x!tkc.ptr<f16>, #l>
    %vt = tkc.trans %v {order = array<i32: 1, 0>} : tensor<32x64xf16, #l> -> tensor<64x32xf16, #t>
    %vtb = tkc_gpu.convert_layout %vt : tensor<64x32xf16, #t> -> tensor<64x32xf16, #b>
    %s = tkc.dot %k, %vtb, %c : tensor<128x64xf16, #a> * tensor<64x32xf16, #b> -> tensor<128x32xf32, #mma>
    %p = arith.truncf %s : tensor<128x32xf32, #mma> to tensor<128x32xf16, #mma>
    %pa = tkc_gpu.convert_layout %p : tensor<128x32xf16, #mma> -> tensor<128x32xf16, #a>
    %vb = tkc_gpu.convert_layout %v : tensor<32x64xf16, #l> -> tensor<32x64xf16, #b>
    %d = tkc.dot %pa, %vb, %acc : tensor<128x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<128x64xf32, #mma>
    return %d : tensor<128x64xf32, #mma>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // Warps split along N: no warpgroup owns whole rows.
  // CHECK-LABEL: func.func @split_warps
  // CHECK-NOT: warpgroup_dot
  // CHECK: tkc.dot
  func.func @split_warps(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
    return %d : tensor<64x128xf32, #mma>
  }
}

// -----

#l2 = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A K loop's only dot, which just accumulates, runs on into the next
  // iteration: it waits only for the previous one (pending = 1), the copies
  // into the tiles that iteration read follow it, and the loop's result is
  // waited for after the loop.
  // CHECK-LABEL: func.func @overlapped
  // CHECK: %[[R:.*]] = scf.for
  // CHECK: tkc_gpu.async_wait {pending = 1 : i32}
  // CHECK-NEXT: %[[TW:.*]] = tkc_gpu.tile
  // CHECK-NEXT: %[[TR:.*]] = tkc_gpu.tile
  // CHECK-NEXT: %[[D:.*]] = tkc_gpu.warpgroup_dot {{.*}} {pending = 1 : i32}
  // CHECK-NEXT: tkc_gpu.async_copy %{{.*}}, %[[TW]]
  // CHECK-NEXT: tkc_gpu.async_commit
  // CHECK-NEXT: scf.yield %[[D]]
  // CHECK: %[[W:.*]] = tkc_gpu.warpgroup_wait %[[R]] :
  // CHECK-NEXT: tkc_gpu.async_wait {pending = 0 : i32}
  // CHECK-NEXT: return %[[W]]
  func.func @overlapped(%buf: !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %p: tensor<64x32x!tkc.ptr<f16>, #l>, %n: i32) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xf32, #mma>) : i32 {
      tkc_gpu.async_wait {pending = 1 : i32}
      %tw = tkc_gpu.tile %buf[%k] : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      tkc_gpu.async_copy %p, %tw {tkc_gpu.vector_width = 8 : i32} : tensor<64x32x!tkc.ptr<f16>, #l>, !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      tkc_gpu.async_commit
      %tr = tkc_gpu.tile %buf[%c0] : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      %a = tkc_gpu.local_load %tr : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
      %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    tkc_gpu.async_wait {pending = 0 : i32}
    return %r : tensor<64x128xf32, #mma>
  }

  // A loop before the dot (pipelined on its own) keeps the copies before it,
  // its first tiles, where they are; only the copies after it follow the
  // dot.
  // CHECK-LABEL: func.func @loop_before_dot
  // CHECK: %[[TI:.*]] = tkc_gpu.tile %{{.*}}[%c1
  // CHECK-NEXT: tkc_gpu.async_copy %{{.*}}, %[[TI]]
  // CHECK-NEXT: tkc_gpu.async_commit
  // CHECK-NEXT: scf.for
  // CHECK: tkc_gpu.async_wait {pending = 1 : i32}
  // CHECK-NEXT: %[[TW:.*]] = tkc_gpu.tile
  // CHECK-NEXT: %[[TR:.*]] = tkc_gpu.tile
  // CHECK-NEXT: %[[D:.*]] = tkc_gpu.warpgroup_dot {{.*}} {pending = 1 : i32}
  // CHECK-NEXT: tkc_gpu.async_copy %{{.*}}, %[[TW]]
  // CHECK-NEXT: tkc_gpu.async_commit
  // CHECK-NEXT: scf.yield %[[D]]
  func.func @loop_before_dot(%buf: !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %p: tensor<64x32x!tkc.ptr<f16>, #l>, %n: i32) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xf32, #mma>) : i32 {
      %ti = tkc_gpu.tile %buf[%c1] : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      tkc_gpu.async_copy %p, %ti {tkc_gpu.vector_width = 8 : i32} : tensor<64x32x!tkc.ptr<f16>, #l>, !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      tkc_gpu.async_commit
      scf.for %j = %c0 to %n step %c1 : i32 {
        tkc_gpu.async_wait {pending = 0 : i32}
      }
      tkc_gpu.async_wait {pending = 1 : i32}
      %tw = tkc_gpu.tile %buf[%k] : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      tkc_gpu.async_copy %p, %tw {tkc_gpu.vector_width = 8 : i32} : tensor<64x32x!tkc.ptr<f16>, #l>, !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      tkc_gpu.async_commit
      %tr = tkc_gpu.tile %buf[%c0] : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      %a = tkc_gpu.local_load %tr : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
      %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    tkc_gpu.async_wait {pending = 0 : i32}
    return %r : tensor<64x128xf32, #mma>
  }

  // Attention's loop: the last dot (P @ V) runs on into the next iteration,
  // after whose first dot (Q @ K^T, which waits for every multiply) the
  // rescaling of the accumulator waits for it; the copies follow it.
  // CHECK-LABEL: func.func @attention_overlapped
  // CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
  // CHECK: %[[S:.*]] = tkc_gpu.warpgroup_dot
  // CHECK-NOT: pending
  // CHECK-SAME: -> tensor<64x64xf32, #{{.*}}>
  // CHECK: %[[READY:.*]] = tkc_gpu.warpgroup_wait %[[ACC]] :
  // CHECK-NEXT: arith.mulf %[[READY]]
  // CHECK: %[[D:.*]] = tkc_gpu.warpgroup_dot {{.*}} {pending = 1 : i32}
  // CHECK-NEXT: tkc_gpu.async_copy
  // CHECK-NEXT: tkc_gpu.async_commit
  // CHECK-NEXT: scf.yield %[[D]]
  // CHECK: %[[W:.*]] = tkc_gpu.warpgroup_wait %[[R]] :
  // CHECK-NEXT: return %[[W]]
  func.func @attention_overlapped(%kbuf: !tkc_gpu.shared<[3, 32, 64], f16, order = [1, 0]>, %vbuf: !tkc_gpu.shared<[3, 64, 128], f16, order = [1, 0]>, %tq: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %p: tensor<32x64x!tkc.ptr<f16>, #l2>, %n: i32, %scale: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %init = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x128xf32, #mma>) : i32 {
      tkc_gpu.async_wait {pending = 1 : i32}
      %kw = tkc_gpu.tile %kbuf[%k] : !tkc_gpu.shared<[3, 32, 64], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
      tkc_gpu.async_copy %p, %kw {tkc_gpu.vector_width = 8 : i32} : tensor<32x64x!tkc.ptr<f16>, #l2>, !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
      tkc_gpu.async_commit
      %kr = tkc_gpu.tile %kbuf[%c0] : !tkc_gpu.shared<[3, 32, 64], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
      %vr = tkc_gpu.tile %vbuf[%c0] : !tkc_gpu.shared<[3, 64, 128], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
      %q = tkc_gpu.local_load %tq : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
      %kt = tkc_gpu.local_load %kr : !tkc_gpu.shared<[32, 64], f16, order = [1, 0]> -> tensor<32x64xf16, #b>
      %s = tkc.dot %q, %kt, %zero : tensor<64x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<64x64xf32, #mma>
      %sh = arith.truncf %s : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %pa = tkc_gpu.convert_layout %sh : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #a>
      %scaled = arith.mulf %acc, %scale : tensor<64x128xf32, #mma>
      %v = tkc_gpu.local_load %vr : !tkc_gpu.shared<[64, 128], f16, order = [1, 0]> -> tensor<64x128xf16, #b>
      %d = tkc.dot %pa, %v, %scaled : tensor<64x64xf16, #a> * tensor<64x128xf16, #b> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    return %r : tensor<64x128xf32, #mma>
  }

  // A last dot that does not accumulate onto what the loop carries (read
  // only after the loop) runs on too, and nothing in the body waits.
  // CHECK-LABEL: func.func @carried_unread
  // CHECK: scf.for
  // CHECK-NOT: tkc_gpu.warpgroup_wait
  // CHECK: tkc_gpu.warpgroup_dot {{.*}} {pending = 1 : i32}
  // CHECK: scf.yield
  // CHECK: tkc_gpu.warpgroup_wait
  func.func @carried_unread(%kbuf: !tkc_gpu.shared<[3, 32, 64], f16, order = [1, 0]>, %tv: !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>, %tq: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %n: i32) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %init = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%last = %init) -> (tensor<64x128xf32, #mma>) : i32 {
      %kr = tkc_gpu.tile %kbuf[%k] : !tkc_gpu.shared<[3, 32, 64], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
      %q = tkc_gpu.local_load %tq : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
      %kt = tkc_gpu.local_load %kr : !tkc_gpu.shared<[32, 64], f16, order = [1, 0]> -> tensor<32x64xf16, #b>
      %s = tkc.dot %q, %kt, %zero : tensor<64x32xf16, #a> * tensor<32x64xf16, #b> -> tensor<64x64xf32, #mma>
      %sh = arith.truncf %s : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %pa = tkc_gpu.convert_layout %sh : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #a>
      %v = tkc_gpu.local_load %tv : !tkc_gpu.shared<[64, 128], f16, order = [1, 0]> -> tensor<64x128xf16, #b>
      %d = tkc.dot %pa, %v, %init : tensor<64x64xf16, #a> * tensor<64x128xf16, #b> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    return %r : tensor<64x128xf32, #mma>
  }

  // An accumulator the body reads besides the dot (attention rescales it)
  // must be ready each iteration: the dot waits for itself.
  // CHECK-LABEL: func.func @rescaled
  // CHECK: tkc_gpu.warpgroup_dot
  // CHECK-NOT: pending
  // CHECK-NOT: tkc_gpu.warpgroup_wait
  // CHECK: return
  func.func @rescaled(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %n: i32, %s: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xf32, #mma>) : i32 {
      %scaled = arith.mulf %acc, %s : tensor<64x128xf32, #mma>
      %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
      %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
      %d = tkc.dot %a, %b, %scaled : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    return %r : tensor<64x128xf32, #mma>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // tf32 operands: the instruction reads them only along K, so `b` stored
  // with its rows along K (order [0, 1]) is read where it lies; one along N
  // is read again and stored along K (see int8_n_major).
  // CHECK-LABEL: func.func @tf32_k_major
  // CHECK: tkc_gpu.warpgroup_dot {{.*}} : !tkc_gpu.shared<[64, 32], f32, order = [1, 0]> * !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>
  func.func @tf32_k_major(%ta: !tkc_gpu.shared<[64, 32], f32, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f32, order = [1, 0]> -> tensor<64x32xf32, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 64], f32, order = [0, 1]> -> tensor<32x64xf32, #b>
    %d = tkc.dot %a, %b, %c {input_precision = 1 : i32} : tensor<64x32xf32, #a> * tensor<32x64xf32, #b> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }

  // CHECK-LABEL: func.func @tf32_n_major
  // CHECK: %[[B:.*]] = tkc_gpu.local_load %arg1 : !tkc_gpu.shared<[32, 64], f32, order = [1, 0]> -> tensor<32x64xf32, #linear>
  // CHECK: %[[T:.*]] = tkc_gpu.local_alloc %[[B]] : (tensor<32x64xf32, #linear>) -> !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>
  // CHECK: tkc_gpu.warpgroup_dot %arg0, %[[T]], %arg2
  func.func @tf32_n_major(%ta: !tkc_gpu.shared<[64, 32], f32, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 64], f32, order = [1, 0]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f32, order = [1, 0]> -> tensor<64x32xf32, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 64], f32, order = [1, 0]> -> tensor<32x64xf32, #b>
    %d = tkc.dot %a, %b, %c {input_precision = 1 : i32} : tensor<64x32xf32, #a> * tensor<32x64xf32, #b> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }

  // A tf32 A computed with runs of registers along M (from a transposed
  // load): stored K-major, as the instruction reads tf32, each of its
  // stores would write one element of a row, the lanes' rows in the same
  // banks. It is converted to registers instead. One with its runs along K
  // is stored as its registers lie, and so is one loaded as it is (a
  // transposed load), once, and one whose lanes spread over the banks (runs
  // of two along M, eight lanes along K: each store's lanes meet nowhere).
  // CHECK-LABEL: func.func @tf32_a_across
  // CHECK: tkc_gpu.warpgroup_dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf32, #{{dot_op[0-9]*}}> * !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>
  // CHECK-LABEL: func.func @tf32_a_along
  // CHECK: %[[T:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<64x32xf32, #{{blocked[0-9]*}}>) -> !tkc_gpu.shared<[64, 32], f32, order = [1, 0]>
  // CHECK: tkc_gpu.warpgroup_dot %[[T]], %{{.*}}, %{{.*}} : !tkc_gpu.shared<[64, 32], f32, order = [1, 0]> * !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>
  // CHECK-LABEL: func.func @tf32_a_spread
  // CHECK: %[[S:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<64x32xf32, #{{blocked[0-9]*}}>) -> !tkc_gpu.shared<[64, 32], f32, order = [1, 0]>
  // CHECK: tkc_gpu.warpgroup_dot %[[S]], %{{.*}}, %{{.*}} : !tkc_gpu.shared<[64, 32], f32, order = [1, 0]> * !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>
  // CHECK-LABEL: func.func @tf32_a_loaded_across
  // CHECK: %[[L:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<64x32xf32, #{{blocked[0-9]*}}>) -> !tkc_gpu.shared<[64, 32], f32, order = [1, 0]>
  // CHECK: tkc_gpu.warpgroup_dot %[[L]], %{{.*}}, %{{.*}} : !tkc_gpu.shared<[64, 32], f32, order = [1, 0]> * !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>
  func.func @tf32_a_across(%x: tensor<64x32xf32, #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>, %tb: !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tkc_gpu.convert_layout %x : tensor<64x32xf32, #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>> -> tensor<64x32xf32, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 64], f32, order = [0, 1]> -> tensor<32x64xf32, #b>
    %d = tkc.dot %a, %b, %c {input_precision = 1 : i32} : tensor<64x32xf32, #a> * tensor<32x64xf32, #b> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
  func.func @tf32_a_along(%x: tensor<64x32xf32, #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>, %tb: !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tkc_gpu.convert_layout %x : tensor<64x32xf32, #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>> -> tensor<64x32xf32, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 64], f32, order = [0, 1]> -> tensor<32x64xf32, #b>
    %d = tkc.dot %a, %b, %c {input_precision = 1 : i32} : tensor<64x32xf32, #a> * tensor<32x64xf32, #b> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
  func.func @tf32_a_spread(%x: tensor<64x32xf32, #tkc_gpu.blocked<{sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>>, %tb: !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tkc_gpu.convert_layout %x : tensor<64x32xf32, #tkc_gpu.blocked<{sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>> -> tensor<64x32xf32, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 64], f32, order = [0, 1]> -> tensor<32x64xf32, #b>
    %d = tkc.dot %a, %b, %c {input_precision = 1 : i32} : tensor<64x32xf32, #a> * tensor<32x64xf32, #b> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
  func.func @tf32_a_loaded_across(%p: tensor<64x32x!tkc.ptr<f32>, #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>, %tb: !tkc_gpu.shared<[32, 64], f32, order = [0, 1]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %x = tkc.load %p : tensor<64x32x!tkc.ptr<f32>, #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>
    %a = tkc_gpu.convert_layout %x : tensor<64x32xf32, #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>> -> tensor<64x32xf32, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 64], f32, order = [0, 1]> -> tensor<32x64xf32, #b>
    %d = tkc.dot %a, %b, %c {input_precision = 1 : i32} : tensor<64x32xf32, #a> * tensor<32x64xf32, #b> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
// The layout int8_n_major reads its `b` tile again in.
// CHECK: #linear = #tkc_gpu.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], lane = {{\[\[}}4, 8], [8, 16], [0, 32], [16, 0], [32, 0]], warp = {{\[\[}}0, 8], [0, 16]]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // fp8 e4m3 and int8 (s32 accumulators), both tiles K-major (x @ w.T):
  // warpgroup multiplies; an int8 B stored along N (the instruction cannot
  // transpose 8-bit tiles) is first copied into a tile along K.
  // CHECK-LABEL: func.func @fp8
  // CHECK: tkc_gpu.warpgroup_dot {{.*}} : !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [1, 0]> * !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [0, 1]>
  func.func @fp8(%ta: !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [1, 0]>, %tb: !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [0, 1]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [1, 0]> -> tensor<64x64xf8E4M3FN, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [0, 1]> -> tensor<64x64xf8E4M3FN, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x64xf8E4M3FN, #a> * tensor<64x64xf8E4M3FN, #b> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }

  // A bound below K on the fp8 products summed at the instruction's reduced
  // precision (max_num_imprecise_acc) keeps the dot on mma.sync, which adds
  // each in fp32.
  // CHECK-LABEL: func.func @fp8_bounded
  // CHECK-NOT: warpgroup_dot
  // CHECK: tkc.dot
  func.func @fp8_bounded(%ta: !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [1, 0]>, %tb: !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [0, 1]>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [1, 0]> -> tensor<64x64xf8E4M3FN, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[64, 64], f8E4M3FN, order = [0, 1]> -> tensor<64x64xf8E4M3FN, #b>
    %d = tkc.dot %a, %b, %c {max_num_imprecise_acc = 32 : i32} : tensor<64x64xf8E4M3FN, #a> * tensor<64x64xf8E4M3FN, #b> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }

  // CHECK-LABEL: func.func @int8
  // CHECK: tkc_gpu.warpgroup_dot {{.*}} -> tensor<64x64xi32, #mma>
  func.func @int8(%ta: !tkc_gpu.shared<[64, 64], i8, order = [1, 0]>, %tb: !tkc_gpu.shared<[64, 64], i8, order = [0, 1]>, %c: tensor<64x64xi32, #mma>) -> tensor<64x64xi32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 64], i8, order = [1, 0]> -> tensor<64x64xi8, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[64, 64], i8, order = [0, 1]> -> tensor<64x64xi8, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x64xi8, #a> * tensor<64x64xi8, #b> -> tensor<64x64xi32, #mma>
    return %d : tensor<64x64xi32, #mma>
  }

  // An int8 `b` along N: read again in a layout whose reads of the tile
  // and stores into one along K take the fewest instructions and
  // wavefronts: each thread holds 8 elements along N (8-byte reads) and 4
  // along K (4-byte stores), the lanes' first two bits step along both
  // dimensions at once, spreading the reads and the stores over the
  // swizzled chunks of both tiles.
  // CHECK-LABEL: func.func @int8_n_major
  // CHECK: %[[B:.*]] = tkc_gpu.local_load %arg1 : !tkc_gpu.shared<[64, 64], i8, order = [1, 0]> -> tensor<64x64xi8, #linear>
  // CHECK: %[[T:.*]] = tkc_gpu.local_alloc %[[B]] : (tensor<64x64xi8, #linear>) -> !tkc_gpu.shared<[64, 64], i8, order = [0, 1]>
  // CHECK: tkc_gpu.warpgroup_dot %arg0, %[[T]], %arg2 : !tkc_gpu.shared<[64, 64], i8, order = [1, 0]> * !tkc_gpu.shared<[64, 64], i8, order = [0, 1]>
  func.func @int8_n_major(%ta: !tkc_gpu.shared<[64, 64], i8, order = [1, 0]>, %tb: !tkc_gpu.shared<[64, 64], i8, order = [1, 0]>, %c: tensor<64x64xi32, #mma>) -> tensor<64x64xi32, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 64], i8, order = [1, 0]> -> tensor<64x64xi8, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[64, 64], i8, order = [1, 0]> -> tensor<64x64xi8, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x64xi8, #a> * tensor<64x64xi8, #b> -> tensor<64x64xi32, #mma>
    return %d : tensor<64x64xi32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
// In a module that favors occupancy, an A converted once for a loop goes
// to a tile before the loop, however few registers it would take (FLA's
// recompute_w_u: 132 -> 100 registers, four programs per SM -> five).
// CHECK-LABEL: func.func @favor_occupancy
// CHECK: %[[T:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>)
// CHECK: scf.for
// CHECK: tkc_gpu.warpgroup_dot %[[T]],
module attributes {tkc_gpu.favor_occupancy, tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @favor_occupancy(%q: tensor<64x64xf16, #l>, %v: tensor<64x64xf16, #l>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %a = tkc_gpu.convert_layout %q : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<64x64xf32, #mma>) : i32 {
      %b = tkc_gpu.convert_layout %v : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    return %r : tensor<64x64xf32, #mma>
  }
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // fp16 operands accumulating in fp16 (out_dtype=tl.float16, as
  // SageAttention's P @ V) read their tiles in place too; in a K loop the
  // dot is waited for at once (no pending = 1, no wait after the loop).
  // CHECK-LABEL: func.func @half_accumulator
  // CHECK: scf.for
  // CHECK: tkc_gpu.warpgroup_dot {{.*}} -> tensor<64x128xf16, #mma>
  // CHECK-NOT: pending
  // CHECK: scf.yield
  // CHECK-NOT: tkc_gpu.warpgroup_wait
  // CHECK: return
  func.func @half_accumulator(%ta: !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %n: i32) -> tensor<64x128xf16, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x128xf16, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xf16, #mma>) : i32 {
      %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
      %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf16, #mma>
      scf.yield %d : tensor<64x128xf16, #mma>
    }
    return %r : tensor<64x128xf16, #mma>
  }

  // bf16 operands have no fp16-accumulating warpgroup multiply: the dot
  // stays on mma.sync.
  // CHECK-LABEL: func.func @bf16_half_accumulator
  // CHECK: tkc.dot
  // CHECK-NOT: warpgroup_dot
  func.func @bf16_half_accumulator(%ta: !tkc_gpu.shared<[64, 32], bf16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], bf16, order = [1, 0]>, %c: tensor<64x128xf16, #mma>) -> tensor<64x128xf16, #mma> {
    %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 32], bf16, order = [1, 0]> -> tensor<64x32xbf16, #a>
    %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], bf16, order = [1, 0]> -> tensor<32x128xbf16, #b>
    %d = tkc.dot %a, %b, %c : tensor<64x32xbf16, #a> * tensor<32x128xbf16, #b> -> tensor<64x128xf16, #mma>
    return %d : tensor<64x128xf16, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
// A K loop of an unknown number of iterations whose only multiply takes
// fp16 tiles, on 4 warps: two programs per SM are worth running.
// CHECK: module attributes {tkc_gpu.max_programs = 2 : i32
// CHECK-LABEL: func.func @wide_k_loop
// AMPERE-NOT: tkc_gpu.max_programs
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @wide_k_loop(%buf: !tkc_gpu.shared<[3, 128, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %tr = tkc_gpu.tile %buf[%k] : !tkc_gpu.shared<[3, 128, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[128, 32], f16, order = [1, 0]>
      %a = tkc_gpu.local_load %tr : !tkc_gpu.shared<[128, 32], f16, order = [1, 0]> -> tensor<128x32xf16, #a>
      %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<128x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    return %r : tensor<128x128xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
// The same K loop over a stack of two tiles (two stages: one copy in flight
// per program) keeps every program its registers fit: no cap.
// CHECK-NOT: tkc_gpu.max_programs
// CHECK-LABEL: func.func @two_stage_k_loop
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @two_stage_k_loop(%buf: !tkc_gpu.shared<[2, 128, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %tr = tkc_gpu.tile %buf[%k] : !tkc_gpu.shared<[2, 128, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[128, 32], f16, order = [1, 0]>
      %a = tkc_gpu.local_load %tr : !tkc_gpu.shared<[128, 32], f16, order = [1, 0]> -> tensor<128x32xf16, #a>
      %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<128x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    return %r : tensor<128x128xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
// Two iterations known at compile time (FLA's K @ K^T over a head
// dimension of two steps) are no matmul's K loop: no cap.
// CHECK-NOT: tkc_gpu.max_programs
// CHECK-LABEL: func.func @short_k_loop
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @short_k_loop(%buf: !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]>, %tb: !tkc_gpu.shared<[32, 128], f16, order = [1, 0]>) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %n = arith.constant 2 : i32
    %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xf32, #mma>) : i32 {
      %tr = tkc_gpu.tile %buf[%k] : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
      %a = tkc_gpu.local_load %tr : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #a>
      %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 128], f16, order = [1, 0]> -> tensor<32x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x32xf16, #a> * tensor<32x128xf16, #b> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    return %r : tensor<64x128xf32, #mma>
  }
}
