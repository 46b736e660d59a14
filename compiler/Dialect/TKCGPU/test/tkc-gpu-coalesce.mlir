// RUN: tkc-opt %s --split-input-file --tkc-gpu-coalesce | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-gpu-coalesce="target=cuda:90a" | FileCheck %s --check-prefix=H90
// RUN: tkc-opt %s --split-input-file --tkc-gpu-coalesce="target=hip:gfx942" | FileCheck %s --check-prefix=GFX

// Contiguous, 16-byte-aligned f32 pointers: 4 elements (16 bytes) per
// thread; operands converted in, the result converted back out.
#b1 = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #[[WIDE:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @aligned
  func.func @aligned(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %s = tkc.splat %p : tensor<1024x!tkc.ptr<f32>, #b1>
    %a = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    // CHECK: %[[P:.*]] = tkc_gpu.convert_layout %{{.*}} : {{.*}} -> tensor<1024x!tkc.ptr<f32>, #[[WIDE]]>
    // CHECK: %[[V:.*]] = tkc.load %[[P]] : tensor<1024x!tkc.ptr<f32>, #[[WIDE]]>
    // CHECK: tkc_gpu.convert_layout %[[V]] : tensor<1024xf32, #[[WIDE]]> -> tensor<1024xf32, #blocked>
    %v = tkc.load %a : tensor<1024x!tkc.ptr<f32>, #b1>
    return
  }
}

// -----

// Only 8-byte alignment is known: 2 elements per thread.
// CHECK: #[[TWO:.*]] = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @eight_bytes
  func.func @eight_bytes(%p: !tkc.ptr<f32> {tkc.divisibility = 8 : i32}) {
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %s = tkc.splat %p : tensor<1024x!tkc.ptr<f32>, #b1>
    %a = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    // CHECK: tkc.load %{{.*}} : tensor<1024x!tkc.ptr<f32>, #[[TWO]]>
    %v = tkc.load %a : tensor<1024x!tkc.ptr<f32>, #b1>
    return
  }
}

// -----

// A 2-D tile contiguous along dimension 1 (row-major, fp16): 8 halves per
// thread along the rows, lanes and warps spread over what is left.
// CHECK: #[[TILE:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @tile
  func.func @tile(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #b2}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #b2}>> -> tensor<1x64xi32, #b2>
    %b = tkc.broadcast %e : tensor<1x64xi32, #b2> -> tensor<32x64xi32, #b2>
    %s = tkc.splat %p : tensor<32x64x!tkc.ptr<f16>, #b2>
    %a = tkc.addptr %s, %b : tensor<32x64x!tkc.ptr<f16>, #b2>, tensor<32x64xi32, #b2>
    // CHECK: tkc.load %{{.*}} : tensor<32x64x!tkc.ptr<f16>, #[[TILE]]>
    %v = tkc.load %a : tensor<32x64x!tkc.ptr<f16>, #b2>
    return
  }
}

// -----

// An atomic takes as many consecutive elements per thread as one atomic
// adds on the target: on sm_90, 4 f32 of contiguous, 16-byte-aligned
// pointers (one vector addition), its value and mask converted in, its old
// values converted back; without a target (or on one that adds one at a
// time) one per thread, a warp's atomics on adjacent addresses.
#b1 = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// H90: #[[WIDE:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @atomic_add
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: tkc.atomic_rmw fadd, relaxed, gpu, %{{.*}}, %{{.*}} : tensor<1024x!tkc.ptr<f32>, #blocked>
  // H90-LABEL: func.func @atomic_add
  // H90: %[[P:.*]] = tkc_gpu.convert_layout %{{.*}} : {{.*}} -> tensor<1024x!tkc.ptr<f32>, #[[WIDE]]>
  // H90: %[[X:.*]] = tkc_gpu.convert_layout %{{.*}} : {{.*}} -> tensor<1024xf32, #[[WIDE]]>
  // H90: %[[OLD:.*]] = tkc.atomic_rmw fadd, relaxed, gpu, %[[P]], %[[X]] : tensor<1024x!tkc.ptr<f32>, #[[WIDE]]>
  // H90: tkc_gpu.convert_layout %[[OLD]] : tensor<1024xf32, #[[WIDE]]> -> tensor<1024xf32, #blocked>
  func.func @atomic_add(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %x: tensor<1024xf32, #b1>) -> tensor<1024xf32, #b1> {
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %s = tkc.splat %p : tensor<1024x!tkc.ptr<f32>, #b1>
    %a = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    %old = tkc.atomic_rmw fadd, relaxed, gpu, %a, %x : tensor<1024x!tkc.ptr<f32>, #b1>
    return %old : tensor<1024xf32, #b1>
  }
}

// -----

// A 128x32 tile whose offsets are a run-time multiple of dimension 0's
// index plus one of dimension 1's: neither dimension is known contiguous.
// The first goes first, as in Triton 3.6 (lanes down dimension 0): an
// image's pixels indexed through a division by its run-time width, at a
// channel stride, are then read 32 pixels a warp.
// CHECK: #[[TIE:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#b2 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @unknown_both
  func.func @unknown_both(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %s: i32) {
    %r0 = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 1, parent = #b2}>>
    %ns = tkc.splat %n : tensor<128xi32, #tkc_gpu.slice<{dim = 1, parent = #b2}>>
    %m0 = arith.muli %r0, %ns : tensor<128xi32, #tkc_gpu.slice<{dim = 1, parent = #b2}>>
    %e0 = tkc.expand_dims %m0 {axis = 1 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 1, parent = #b2}>> -> tensor<128x1xi32, #b2>
    %b0 = tkc.broadcast %e0 : tensor<128x1xi32, #b2> -> tensor<128x32xi32, #b2>
    %r1 = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #b2}>>
    %ss = tkc.splat %s : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #b2}>>
    %m1 = arith.muli %r1, %ss : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #b2}>>
    %e1 = tkc.expand_dims %m1 {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #b2}>> -> tensor<1x32xi32, #b2>
    %b1 = tkc.broadcast %e1 : tensor<1x32xi32, #b2> -> tensor<128x32xi32, #b2>
    %o = arith.addi %b0, %b1 : tensor<128x32xi32, #b2>
    %sp = tkc.splat %p : tensor<128x32x!tkc.ptr<f16>, #b2>
    %a = tkc.addptr %sp, %o : tensor<128x32x!tkc.ptr<f16>, #b2>, tensor<128x32xi32, #b2>
    // CHECK: tkc.load %{{.*}} : tensor<128x32x!tkc.ptr<f16>, #[[TIE]]>
    %v = tkc.load %a : tensor<128x32x!tkc.ptr<f16>, #b2>
    return
  }
}

// -----

// A gather (no known runs) whose values are stored in runs of 4 f32 takes
// the store's layout, as in Triton: each thread loads the 4 elements it
// then stores, and nothing is converted between the two. The store keeps
// its own width.
// CHECK: #[[FOUR:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @gather_stored_in_runs
  // CHECK: %[[V:.*]] = tkc.load %{{.*}} : tensor<1024x!tkc.ptr<f32>, #[[FOUR]]>
  // CHECK: tkc.store %{{.*}}, %{{.*}} : tensor<1024x!tkc.ptr<f32>, #[[FOUR]]>
  func.func @gather_stored_in_runs(%src: !tkc.ptr<f32>, %dst: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %idx: tensor<1024xi32, #b1>) {
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %s = tkc.splat %src : tensor<1024x!tkc.ptr<f32>, #b1>
    %g = tkc.addptr %s, %idx : tensor<1024x!tkc.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    %v = tkc.load %g : tensor<1024x!tkc.ptr<f32>, #b1>
    %d = tkc.splat %dst : tensor<1024x!tkc.ptr<f32>, #b1>
    %o = tkc.addptr %d, %r : tensor<1024x!tkc.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    tkc.store %o, %v : tensor<1024x!tkc.ptr<f32>, #b1>
    return
  }
}

// -----

// Weights loaded once before a loop (f32: 4 per thread) are computed with
// the loop's rows (bf16: 8 per thread), but only accesses of the load's own
// block set its width: the weights keep 4, the rows take 8.
// CHECK-DAG: #[[W4:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[R8:.*]] = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @weights_before_loop
  // CHECK: tkc.load %{{.*}} : tensor<1024x!tkc.ptr<f32>, #[[W4]]>
  // CHECK: scf.for
  // CHECK: tkc.load %{{.*}} : tensor<1024x!tkc.ptr<bf16>, #[[R8]]>
  // CHECK: tkc.store %{{.*}}, %{{.*}} : tensor<1024x!tkc.ptr<bf16>, #[[R8]]>
  func.func @weights_before_loop(%w: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %x: !tkc.ptr<bf16> {tkc.divisibility = 16 : i32}, %y: !tkc.ptr<bf16> {tkc.divisibility = 16 : i32}, %rows: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %sw = tkc.splat %w : tensor<1024x!tkc.ptr<f32>, #b1>
    %pw = tkc.addptr %sw, %r : tensor<1024x!tkc.ptr<f32>, #b1>, tensor<1024xi32, #b1>
    %wv = tkc.load %pw : tensor<1024x!tkc.ptr<f32>, #b1>
    scf.for %i = %c0 to %rows step %c1 : i32 {
      %off = arith.muli %i, %c1024 : i32
      %xr = tkc.addptr %x, %off : !tkc.ptr<bf16>, i32
      %sx = tkc.splat %xr : tensor<1024x!tkc.ptr<bf16>, #b1>
      %px = tkc.addptr %sx, %r : tensor<1024x!tkc.ptr<bf16>, #b1>, tensor<1024xi32, #b1>
      %xv = tkc.load %px : tensor<1024x!tkc.ptr<bf16>, #b1>
      %xf = arith.extf %xv : tensor<1024xbf16, #b1> to tensor<1024xf32, #b1>
      %yf = arith.mulf %xf, %wv : tensor<1024xf32, #b1>
      %yv = arith.truncf %yf : tensor<1024xf32, #b1> to tensor<1024xbf16, #b1>
      %yr = tkc.addptr %y, %off : !tkc.ptr<bf16>, i32
      %sy = tkc.splat %yr : tensor<1024x!tkc.ptr<bf16>, #b1>
      %py = tkc.addptr %sy, %r : tensor<1024x!tkc.ptr<bf16>, #b1>, tensor<1024xi32, #b1>
      tkc.store %py, %yv : tensor<1024x!tkc.ptr<bf16>, #b1>
    }
    return
  }
}

// -----

// A dot's B of rows along N (tutorial 03's b, fp16): on gfx942, whose MFMA
// operands are read without matrix loads, each thread also takes the
// instruction's kWidth (4) rows along K, so that shared memory takes each
// lane's 4 elements along K in one store; with no target, or on sm_90a, rows
// of 8 along N only.
// GFX: #[[B:.*]] = #tkc_gpu.blocked<{sizePerThread = [4, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[B:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// H90: #[[B:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#rows = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 2], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [16, 2], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
  // CHECK-LABEL: func.func @dot_b_along_n
  // GFX-LABEL: func.func @dot_b_along_n
  func.func @dot_b_along_n(%pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %a: tensor<64x64xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>>, %c: tensor<64x128xf32, #acc>) -> tensor<64x128xf32, #acc> {
    %cst = arith.constant dense<128> : tensor<64x1xi32, #rows>
    %k = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b1>
    %n = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b1>
    %k1 = tkc_gpu.convert_layout %k : tensor<64xi32, #b1> -> tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #rows}>>
    %k2 = tkc.expand_dims %k1 {axis = 1 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #rows}>> -> tensor<64x1xi32, #rows>
    %koff = arith.muli %k2, %cst : tensor<64x1xi32, #rows>
    %s = tkc.splat %pb : tensor<64x1x!tkc.ptr<f16>, #rows>
    %prow = tkc.addptr %s, %koff : tensor<64x1x!tkc.ptr<f16>, #rows>, tensor<64x1xi32, #rows>
    %n1 = tkc_gpu.convert_layout %n : tensor<128xi32, #b1> -> tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #cols}>>
    %n2 = tkc.expand_dims %n1 {axis = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #cols}>> -> tensor<1x128xi32, #cols>
    %prow2 = tkc_gpu.convert_layout %prow : tensor<64x1x!tkc.ptr<f16>, #rows> -> tensor<64x1x!tkc.ptr<f16>, #cols>
    %pbr = tkc.broadcast %prow2 : tensor<64x1x!tkc.ptr<f16>, #cols> -> tensor<64x128x!tkc.ptr<f16>, #cols>
    %nb = tkc.broadcast %n2 : tensor<1x128xi32, #cols> -> tensor<64x128xi32, #cols>
    %p = tkc.addptr %pbr, %nb : tensor<64x128x!tkc.ptr<f16>, #cols>, tensor<64x128xi32, #cols>
    // CHECK: tkc.load %{{.*}} : tensor<64x128x!tkc.ptr<f16>, #[[B]]>
    // GFX: tkc.load %{{.*}} : tensor<64x128x!tkc.ptr<f16>, #[[B]]>
    // H90: tkc.load %{{.*}} : tensor<64x128x!tkc.ptr<f16>, #[[B]]>
    %b = tkc.load %p : tensor<64x128x!tkc.ptr<f16>, #cols>
    %bop = tkc_gpu.convert_layout %b : tensor<64x128xf16, #cols> -> tensor<64x128xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tkc.dot %a, %bop, %c : tensor<64x64xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x128xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x128xf32, #acc>
    return %d : tensor<64x128xf32, #acc>
  }
}
