// RUN: tkc-opt %s --split-input-file --tkc-gpu-record-vector-widths | FileCheck %s
// Each case is one rule of the axis analysis as the vector width of an f16
// access shows it: the layout gives each thread 8 consecutive elements, so
// 8 (16 bytes) is the most, and any lost contiguity, alignment or mask
// constancy makes it narrower.

// A loop over columns (`for off in range(0, N, BLOCK)`): the induction
// variable is a multiple of the step, so `off + arange` stays aligned.
#b = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @loop_over_columns
  // CHECK: tkc.load {{.*}} {tkc_gpu.mask_constancy = array<i64: 16>, tkc_gpu.vector_width = 8 : i32}
  func.func @loop_over_columns(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1024 = arith.constant 1024 : i32
    scf.for %off = %c0 to %n step %c1024 : i32 {
      %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
      %o = tkc.splat %off : tensor<1024xi32, #b>
      %cols = arith.addi %o, %r : tensor<1024xi32, #b>
      %s = tkc.splat %p : tensor<1024x!tkc.ptr<f16>, #b>
      %a = tkc.addptr %s, %cols : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
      %ns = tkc.splat %n : tensor<1024xi32, #b>
      %m = arith.cmpi slt, %cols, %ns : tensor<1024xi32, #b>
      %v = tkc.load %a, %m : tensor<1024x!tkc.ptr<f16>, #b>
    }
    return
  }
}

// -----

// A pointer tensor carried by the loop and advanced by a multiple of 8
// elements each iteration (`a_ptrs += BLOCK_K * stride`) keeps its
// contiguity and alignment; advanced by an unknown amount, it loses its
// alignment and the access becomes scalar.
#b = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @loop_carried_pointer
  // CHECK: tkc.load {{.*}} {tkc_gpu.vector_width = 8 : i32}
  // CHECK: tkc.load {{.*}} {tkc_gpu.vector_width = 1 : i32}
  func.func @loop_carried_pointer(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %stride: i32 {tkc.divisibility = 16 : i32}, %odd: i32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
    %s = tkc.splat %p : tensor<1024x!tkc.ptr<f16>, #b>
    %a0 = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
    %step = arith.muli %stride, %c64 : i32
    %steps = tkc.splat %step : tensor<1024xi32, #b>
    %odds = tkc.splat %odd : tensor<1024xi32, #b>
    %f:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %a0) -> (tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024x!tkc.ptr<f16>, #b>) : i32 {
      %va = tkc.load %a : tensor<1024x!tkc.ptr<f16>, #b>
      %vb = tkc.load %b : tensor<1024x!tkc.ptr<f16>, #b>
      %an = tkc.addptr %a, %steps : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
      %bn = tkc.addptr %b, %odds : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
      scf.yield %an, %bn : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024x!tkc.ptr<f16>, #b>
    }
    return
  }
}

// -----

// After the loop, its result holds what every iteration holds.
#b = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @loop_result
  // CHECK: tkc.store {{.*}} {tkc_gpu.vector_width = 8 : i32}
  func.func @loop_result(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant dense<1024> : tensor<1024xi32, #b>
    %zero = arith.constant dense<0.0> : tensor<1024xf16, #b>
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
    %s = tkc.splat %p : tensor<1024x!tkc.ptr<f16>, #b>
    %a0 = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0) -> (tensor<1024x!tkc.ptr<f16>, #b>) : i32 {
      %an = tkc.addptr %a, %c1024 : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
      scf.yield %an : tensor<1024x!tkc.ptr<f16>, #b>
    }
    tkc.store %last, %zero : tensor<1024x!tkc.ptr<f16>, #b>
    return
  }
}

// -----

// An scf.if result is what both branches yield have in common: offsets 0
// and 16 keep 16-byte alignment, offsets 0 and 2 only 4 bytes.
#b = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @if_result
  // CHECK: tkc.load {{.*}} {tkc_gpu.vector_width = 8 : i32}
  // CHECK: tkc.load {{.*}} {tkc_gpu.vector_width = 2 : i32}
  func.func @if_result(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %c16 = arith.constant 16 : i32
    %base:2 = scf.if %c -> (i32, i32) {
      scf.yield %c0, %c0 : i32, i32
    } else {
      scf.yield %c16, %c2 : i32, i32
    }
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
    %s = tkc.splat %p : tensor<1024x!tkc.ptr<f16>, #b>
    %a = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
    %o1 = tkc.splat %base#0 : tensor<1024xi32, #b>
    %a1 = tkc.addptr %a, %o1 : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
    %v1 = tkc.load %a1 : tensor<1024x!tkc.ptr<f16>, #b>
    %o2 = tkc.splat %base#1 : tensor<1024xi32, #b>
    %a2 = tkc.addptr %a, %o2 : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
    %v2 = tkc.load %a2 : tensor<1024x!tkc.ptr<f16>, #b>
    return
  }
}

// -----

// Division and remainder by constants: `arange % 512` stays contiguous in
// aligned runs of 512; `arange // 4` repeats each quotient 4 times, so the
// mask `arange // 4 < n` allows 4 elements per access.
#b = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @div_rem
  // CHECK: tkc.load {{.*}} {tkc_gpu.vector_width = 8 : i32}
  // CHECK: tkc.load {{.*}} {tkc_gpu.mask_constancy = array<i64: 4>, tkc_gpu.vector_width = 4 : i32}
  func.func @div_rem(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) {
    %c512 = arith.constant dense<512> : tensor<1024xi32, #b>
    %c4 = arith.constant dense<4> : tensor<1024xi32, #b>
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
    %s = tkc.splat %p : tensor<1024x!tkc.ptr<f16>, #b>
    %rem = arith.remsi %r, %c512 : tensor<1024xi32, #b>
    %a1 = tkc.addptr %s, %rem : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
    %v1 = tkc.load %a1 : tensor<1024x!tkc.ptr<f16>, #b>
    %q = arith.divsi %r, %c4 : tensor<1024xi32, #b>
    %ns = tkc.splat %n : tensor<1024xi32, #b>
    %m = arith.cmpi slt, %q, %ns : tensor<1024xi32, #b>
    %a2 = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
    %v2 = tkc.load %a2, %m : tensor<1024x!tkc.ptr<f16>, #b>
    return
  }
}

// -----

// A matmul's K mask on B (`offs_k[:, None] < K - k * 32`, K a multiple of
// 16): runs of 16 rows, whole rows along N; the runs are recorded with the
// width, so that the rows of one run share a predicate.
#b = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @k_mask
  // CHECK: tkc.load {{.*}} {tkc_gpu.mask_constancy = array<i64: 16, 256>, tkc_gpu.vector_width = 8 : i32}
  func.func @k_mask(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %k: i32 {tkc.divisibility = 16 : i32}, %kk: i32) {
    %c32 = arith.constant 32 : i32
    %rows = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #b}>>
    %cols = tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 0, parent = #b}>>
    %r2 = tkc.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #b}>> -> tensor<32x1xi32, #b>
    %c2 = tkc.expand_dims %cols {axis = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 0, parent = #b}>> -> tensor<1x256xi32, #b>
    %c256 = arith.constant dense<256> : tensor<32x1xi32, #b>
    %rowOff = arith.muli %r2, %c256 : tensor<32x1xi32, #b>
    %rb = tkc.broadcast %rowOff : tensor<32x1xi32, #b> -> tensor<32x256xi32, #b>
    %cb = tkc.broadcast %c2 : tensor<1x256xi32, #b> -> tensor<32x256xi32, #b>
    %off = arith.addi %rb, %cb : tensor<32x256xi32, #b>
    %s = tkc.splat %p : tensor<32x256x!tkc.ptr<f16>, #b>
    %ptrs = tkc.addptr %s, %off : tensor<32x256x!tkc.ptr<f16>, #b>, tensor<32x256xi32, #b>
    %done = arith.muli %kk, %c32 : i32
    %left = arith.subi %k, %done : i32
    %bound = tkc.splat %left : tensor<32x1xi32, #b>
    %m1 = arith.cmpi slt, %r2, %bound : tensor<32x1xi32, #b>
    %m = tkc.broadcast %m1 : tensor<32x1xi1, #b> -> tensor<32x256xi1, #b>
    %v = tkc.load %ptrs, %m : tensor<32x256x!tkc.ptr<f16>, #b>
    return
  }
}

// -----

// Rows at a stride of unknown alignment (`base + rows[:, None] * stride +
// cols[None, :]`): row r starts at r * stride, which only the stride's own
// divisibility divides, so the accesses along a row are scalar; with the
// stride a multiple of 8 elements, 16 bytes wide. (Rows expanded from a
// range are divisible by 1 along the new axis: `start + arange` holds odd
// numbers.)
#b = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tkc_gpu.slice<{dim = 1, parent = #b}>
#cols = #tkc_gpu.slice<{dim = 0, parent = #b}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @row_stride
  // CHECK: tkc.load {{.*}} {tkc_gpu.vector_width = 1 : i32}
  // CHECK: tkc.load {{.*}} {tkc_gpu.vector_width = 8 : i32}
  func.func @row_stride(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %stride: i32, %stride16: i32 {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #rows>
    %re = tkc.expand_dims %r {axis = 1 : i32} : tensor<16xi32, #rows> -> tensor<16x1xi32, #b>
    %c = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #cols>
    %ce = tkc.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
    %cb = tkc.broadcast %ce : tensor<1x64xi32, #b> -> tensor<16x64xi32, #b>
    %base = tkc.splat %p : tensor<16x64x!tkc.ptr<f16>, #b>
    %s = tkc.splat %stride : tensor<16x1xi32, #b>
    %ro = arith.muli %re, %s : tensor<16x1xi32, #b>
    %rb = tkc.broadcast %ro : tensor<16x1xi32, #b> -> tensor<16x64xi32, #b>
    %off = arith.addi %rb, %cb : tensor<16x64xi32, #b>
    %a = tkc.addptr %base, %off : tensor<16x64x!tkc.ptr<f16>, #b>, tensor<16x64xi32, #b>
    %v = tkc.load %a : tensor<16x64x!tkc.ptr<f16>, #b>
    %s16 = tkc.splat %stride16 : tensor<16x1xi32, #b>
    %ro16 = arith.muli %re, %s16 : tensor<16x1xi32, #b>
    %rb16 = tkc.broadcast %ro16 : tensor<16x1xi32, #b> -> tensor<16x64xi32, #b>
    %off16 = arith.addi %rb16, %cb : tensor<16x64xi32, #b>
    %a16 = tkc.addptr %base, %off16 : tensor<16x64x!tkc.ptr<f16>, #b>, tensor<16x64xi32, #b>
    %v16 = tkc.load %a16 : tensor<16x64x!tkc.ptr<f16>, #b>
    return
  }
}

// -----

// Rows clamped by a select (`tl.where(offs_m < M, offs_m, 0)`): either an
// element of the range or 0, so runs of one, holding odd numbers; rows at
// a stride of unknown alignment stay scalar along the row.
#b = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tkc_gpu.slice<{dim = 1, parent = #b}>
#cols = #tkc_gpu.slice<{dim = 0, parent = #b}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @clamped_rows
  // CHECK: tkc.load {{.*}} {tkc_gpu.vector_width = 1 : i32}
  func.func @clamped_rows(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %stride: i32, %m: i32) {
    %r = tkc.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #rows>
    %ms = tkc.splat %m : tensor<16xi32, #rows>
    %in = arith.cmpi slt, %r, %ms : tensor<16xi32, #rows>
    %zero = arith.constant dense<0> : tensor<16xi32, #rows>
    %rr = arith.select %in, %r, %zero : tensor<16xi1, #rows>, tensor<16xi32, #rows>
    %re = tkc.expand_dims %rr {axis = 1 : i32} : tensor<16xi32, #rows> -> tensor<16x1xi32, #b>
    %s = tkc.splat %stride : tensor<16x1xi32, #b>
    %ro = arith.muli %re, %s : tensor<16x1xi32, #b>
    %rb = tkc.broadcast %ro : tensor<16x1xi32, #b> -> tensor<16x64xi32, #b>
    %c = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #cols>
    %ce = tkc.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
    %cb = tkc.broadcast %ce : tensor<1x64xi32, #b> -> tensor<16x64xi32, #b>
    %off = arith.addi %rb, %cb : tensor<16x64xi32, #b>
    %base = tkc.splat %p : tensor<16x64x!tkc.ptr<f16>, #b>
    %a = tkc.addptr %base, %off : tensor<16x64x!tkc.ptr<f16>, #b>, tensor<16x64xi32, #b>
    %v = tkc.load %a : tensor<16x64x!tkc.ptr<f16>, #b>
    return
  }
}

// -----

// An atomic addition's width comes from its pointers and mask as a store's
// does: 4 consecutive fp32 per thread, 16-byte aligned, the mask constant
// over runs of 16 (a bound divisible by 16).
#v = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @atomic_add
  // CHECK: tkc.atomic_rmw fadd, {{.*}} {tkc_gpu.mask_constancy = array<i64: 16>, tkc_gpu.vector_width = 4 : i32}
  func.func @atomic_add(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}, %x: tensor<512xf32, #v>) {
    %r = tkc.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #v>
    %base = tkc.splat %p : tensor<512x!tkc.ptr<f32>, #v>
    %a = tkc.addptr %base, %r : tensor<512x!tkc.ptr<f32>, #v>, tensor<512xi32, #v>
    %ns = tkc.splat %n : tensor<512xi32, #v>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #v>
    %old = tkc.atomic_rmw fadd, relaxed, gpu, %a, %x, %m : tensor<512x!tkc.ptr<f32>, #v>
    return
  }
}

// -----

// A bound of unknown divisibility (`i < n`) makes the mask true up to some
// element of each run of 8 and false after it: a load or store keeps its
// width, marked as bounded runs (whole where all in bounds); an atomic,
// which has no such lowering, and a mask false before some element
// (`i >= n`) narrow it.
#b = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @bounded_runs
  // CHECK: tkc.load {{.*}} {tkc_gpu.bounded_runs, tkc_gpu.vector_width = 8 : i32}
  // CHECK: tkc.store {{.*}} {tkc_gpu.bounded_runs, tkc_gpu.vector_width = 8 : i32}
  // CHECK: tkc.load {{.*}} {tkc_gpu.vector_width = 1 : i32}
  // CHECK: tkc.atomic_rmw {{.*}} {tkc_gpu.vector_width = 1 : i32}
  func.func @bounded_runs(%p: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) {
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
    %s = tkc.splat %p : tensor<1024x!tkc.ptr<f16>, #b>
    %a = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f16>, #b>, tensor<1024xi32, #b>
    %ns = tkc.splat %n : tensor<1024xi32, #b>
    %below = arith.cmpi slt, %r, %ns : tensor<1024xi32, #b>
    %v = tkc.load %a, %below : tensor<1024x!tkc.ptr<f16>, #b>
    tkc.store %a, %v, %below : tensor<1024x!tkc.ptr<f16>, #b>
    %from = arith.cmpi sge, %r, %ns : tensor<1024xi32, #b>
    %w = tkc.load %a, %from : tensor<1024x!tkc.ptr<f16>, #b>
    %old = tkc.atomic_rmw fadd, relaxed, gpu, %a, %w, %below : tensor<1024x!tkc.ptr<f16>, #b>
    return
  }
}
