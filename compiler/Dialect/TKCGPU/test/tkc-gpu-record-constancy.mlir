// RUN: tkc-opt %s --split-input-file --tkc-gpu-record-constancy | FileCheck %s
// Integer elementwise ops whose results hold runs of equal values across
// several of a thread's registers get those runs; others get nothing.

// A loop over columns: with N a multiple of 16 and the induction variable a
// multiple of the step, `off + arange < N` is the same over aligned runs of
// 16 columns, and each thread holds 8 consecutive ones; the mask combined
// with another keeps the runs. `off + arange` itself is contiguous, not
// constant.
#b = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @loop_mask
  // CHECK: arith.addi %{{.*}}, %{{.*}} : tensor<1024xi32
  // CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} {tkc_gpu.constancy = array<i64: 16>}
  // CHECK: arith.andi %{{.*}}, %{{.*}} {tkc_gpu.constancy = array<i64: 16>}
  // CHECK: arith.divsi %{{.*}}, %{{.*}} {tkc_gpu.constancy = array<i64: 4>}
  // CHECK: arith.remsi %{{.*}}, %{{.*}} :
  func.func @loop_mask(%n: i32 {tkc.divisibility = 16 : i32}, %k: i32 {tkc.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1024 = arith.constant 1024 : i32
    %c4 = arith.constant dense<4> : tensor<1024xi32, #b>
    scf.for %off = %c0 to %n step %c1024 : i32 {
      %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
      %o = tkc.splat %off : tensor<1024xi32, #b>
      %cols = arith.addi %o, %r : tensor<1024xi32, #b>
      %ns = tkc.splat %n : tensor<1024xi32, #b>
      %m = arith.cmpi slt, %cols, %ns : tensor<1024xi32, #b>
      %ks = tkc.splat %k : tensor<1024xi32, #b>
      %m2 = arith.cmpi slt, %cols, %ks : tensor<1024xi32, #b>
      %both = arith.andi %m, %m2 : tensor<1024xi1, #b>
      %q = arith.divsi %cols, %c4 : tensor<1024xi32, #b>
      %rem = arith.remsi %cols, %c4 : tensor<1024xi32, #b>
    }
    return
  }
}

// -----

// One element per thread: a run of equal values never holds two of a
// thread's registers, so nothing is recorded.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @one_per_thread
  // CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<128xi32
  func.func @one_per_thread(%n: i32 {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
    %ns = tkc.splat %n : tensor<128xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #b>
    return
  }
}

// -----

// Rows of a 2-D tile: a value of the row broadcast along the columns is
// constant along them; a thread holding 4 columns of each of 2 rows keeps
// one value per row.
#b = #tkc_gpu.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @rows
  // CHECK: arith.muli %{{.*}}, %{{.*}} {tkc_gpu.constancy = array<i64: 1, 32>}
  func.func @rows(%stride: i32) {
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #b}>>
    %e = tkc.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #b}>> -> tensor<32x1xi32, #b>
    %rows = tkc.broadcast %e : tensor<32x1xi32, #b> -> tensor<32x32xi32, #b>
    %s = tkc.splat %stride : tensor<32x32xi32, #b>
    %off = arith.muli %rows, %s : tensor<32x32xi32, #b>
    return
  }
}

// -----

// A causal mask, `rows[:, None] >= cols[None, :]`: along the rows, each
// column's `start + j` is a run of one value, divisible by 1 for odd j
// whatever `start` is, so the comparison has no runs along either
// dimension although each thread holds 4 consecutive rows.
#b = #tkc_gpu.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @causal
  // CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<64x32xi32
  func.func @causal(%m0: i32 {tkc.divisibility = 64 : i32}, %n0: i32 {tkc.divisibility = 32 : i32}) {
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #b}>>
    %ms = tkc.splat %m0 : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #b}>>
    %rows = arith.addi %ms, %r : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #b}>>
    %re = tkc.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %rb = tkc.broadcast %re : tensor<64x1xi32, #b> -> tensor<64x32xi32, #b>
    %c = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #b}>>
    %ns = tkc.splat %n0 : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #b}>>
    %cols = arith.addi %ns, %c : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #b}>>
    %ce = tkc.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #b}>> -> tensor<1x32xi32, #b>
    %cb = tkc.broadcast %ce : tensor<1x32xi32, #b> -> tensor<64x32xi32, #b>
    %m = arith.cmpi sge, %rb, %cb : tensor<64x32xi32, #b>
    return
  }
}

// -----

// A boolean constant reads as 1 when widened without sign: `x // (3 -
// extui(true))` divides by 2, so a thread's 8 consecutive `x` give runs of
// 2 equal quotients, not 4.
#b = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @bool_constant
  // CHECK: arith.divsi %{{.*}}, %{{.*}} {tkc_gpu.constancy = array<i64: 2>}
  func.func @bool_constant() {
    %t = arith.constant dense<true> : tensor<1024xi1, #b>
    %one = arith.extui %t : tensor<1024xi1, #b> to tensor<1024xi32, #b>
    %three = arith.constant dense<3> : tensor<1024xi32, #b>
    %two = arith.subi %three, %one : tensor<1024xi32, #b>
    %x = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
    %q = arith.divsi %x, %two : tensor<1024xi32, #b>
    return
  }
}
