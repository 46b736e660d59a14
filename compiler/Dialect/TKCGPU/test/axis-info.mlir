// RUN: tkc-opt %s --split-input-file --tkc-gpu-coalesce | FileCheck %s
// The axis analysis (Analysis/AxisInfo.cpp), observed through the layout
// tkc-gpu-coalesce gives each load: for i8 pointers, a thread owns
// min(contiguity, divisibility in bytes, 16) consecutive elements along the
// most contiguous dimension (2048 elements over 128 threads allow 16), and
// that dimension comes first in `order`.

// make_range from 0 is contiguous throughout and divisible by any power
// of two; splat keeps the pointer's 16-byte alignment, addptr the gcd.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @range
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @range(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}) {
    %o = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
}

// -----

// A base pointer aligned to 4 bytes limits the run to 4.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @pointer_alignment
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @pointer_alignment(%p: !tkc.ptr<i8> {tkc.divisibility = 4 : i32}) {
    %o = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
}

// -----

// make_range from 8: divisible by 8 only.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @range_start
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @range_start(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}) {
    %o = tkc.make_range {end = 2056 : i32, start = 8 : i32} : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
}

// -----

// Adding a constant 2 keeps contiguity; divisibility becomes gcd(., 2).
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @add_constant
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @add_constant(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %c = arith.constant dense<2> : tensor<2048xi32, #b>
    %o = arith.addi %r, %c : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
}

// -----

// Adding a splat scalar divisible by 16 keeps both facts.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @add_splat
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @add_splat(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %ns = tkc.splat %n : tensor<2048xi32, #b>
    %o = arith.addi %r, %ns : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
}

// -----

// Adding a scalar of unknown divisibility: runs stay contiguous but
// start anywhere, one element per thread.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @add_unknown
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @add_unknown(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %n: i32) {
    %r = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %ns = tkc.splat %n : tensor<2048xi32, #b>
    %o = arith.addi %r, %ns : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
}

// -----

// Multiplying by a constant 4 multiplies divisibility: an unknown
// scalar times 4, plus the range, gives runs of 4.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @mul_constant
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @mul_constant(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %n: i32) {
    %r = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %ns = tkc.splat %n : tensor<2048xi32, #b>
    %c = arith.constant dense<4> : tensor<2048xi32, #b>
    %m = arith.muli %ns, %c : tensor<2048xi32, #b>
    %o = arith.addi %r, %m : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
}

// -----

// A range times 2 is strided: no contiguity.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @strided
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @strided(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %c = arith.constant dense<2> : tensor<2048xi32, #b>
    %o = arith.muli %r, %c : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
}

// -----

// tl.multiple_of and tl.max_contiguous hints on an op raise its facts:
// here offsets loaded from memory.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @hints
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @hints(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %q: !tkc.ptr<i32> {tkc.divisibility = 16 : i32}) {
    %i = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %qs = tkc.splat %q : tensor<2048x!tkc.ptr<i32>, #b>
    %qa = tkc.addptr %qs, %i : tensor<2048x!tkc.ptr<i32>, #b>, tensor<2048xi32, #b>
    %o = tkc.load %qa {tkc.contiguity = array<i32: 16>, tkc.divisibility = array<i32: 16>} : tensor<2048x!tkc.ptr<i32>, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
}

// -----

// A row-major tile, rows * stride + cols: expand_dims and broadcast make the
// rows' offsets constant and the columns' contiguous along dimension 1,
// which comes first; a stride divisible by 16 keeps the rows aligned.
#t = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tkc_gpu.slice<{dim = 1, parent = #t}>
#cols = #tkc_gpu.slice<{dim = 0, parent = #t}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-LABEL: func.func @row_major
  // CHECK: tkc.load %{{.*}} : tensor<32x64x!tkc.ptr<i8>, #[[V]]>
  func.func @row_major(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %stride: i32 {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #rows>
    %re = tkc.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #rows> -> tensor<32x1xi32, #t>
    %ss = tkc.splat %stride : tensor<32x1xi32, #t>
    %ro = arith.muli %re, %ss : tensor<32x1xi32, #t>
    %rb = tkc.broadcast %ro : tensor<32x1xi32, #t> -> tensor<32x64xi32, #t>
    %c = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #cols>
    %ce = tkc.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #t>
    %cb = tkc.broadcast %ce : tensor<1x64xi32, #t> -> tensor<32x64xi32, #t>
    %o = arith.addi %rb, %cb : tensor<32x64xi32, #t>
    %s = tkc.splat %p : tensor<32x64x!tkc.ptr<i8>, #t>
    %a = tkc.addptr %s, %o : tensor<32x64x!tkc.ptr<i8>, #t>, tensor<32x64xi32, #t>
    %v = tkc.load %a : tensor<32x64x!tkc.ptr<i8>, #t>
    return
  }
}

// -----

// The transposed access, rows + cols * stride: contiguous along dimension
// 0, which comes first.
#t = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tkc_gpu.slice<{dim = 1, parent = #t}>
#cols = #tkc_gpu.slice<{dim = 0, parent = #t}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [16, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
  // CHECK-LABEL: func.func @column_major
  // CHECK: tkc.load %{{.*}} : tensor<32x64x!tkc.ptr<i8>, #[[V]]>
  func.func @column_major(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %stride: i32 {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #rows>
    %re = tkc.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #rows> -> tensor<32x1xi32, #t>
    %rb = tkc.broadcast %re : tensor<32x1xi32, #t> -> tensor<32x64xi32, #t>
    %c = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #cols>
    %ce = tkc.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #t>
    %ss = tkc.splat %stride : tensor<1x64xi32, #t>
    %co = arith.muli %ce, %ss : tensor<1x64xi32, #t>
    %cb = tkc.broadcast %co : tensor<1x64xi32, #t> -> tensor<32x64xi32, #t>
    %o = arith.addi %rb, %cb : tensor<32x64xi32, #t>
    %s = tkc.splat %p : tensor<32x64x!tkc.ptr<i8>, #t>
    %a = tkc.addptr %s, %o : tensor<32x64x!tkc.ptr<i8>, #t>, tensor<32x64xi32, #t>
    %v = tkc.load %a : tensor<32x64x!tkc.ptr<i8>, #t>
    return
  }
}

// -----

// A loop's induction variable is divisible by its start's and step's common
// divisor: 0 and 64 give 64, so each iteration's block stays 16-aligned.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @induction_variable
  // CHECK: scf.for
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  func.func @induction_variable(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    scf.for %i = %c0 to %n step %c64 : i32 {
      %r = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
      %is = tkc.splat %i : tensor<2048xi32, #b>
      %o = arith.addi %r, %is : tensor<2048xi32, #b>
      %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
      %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
      %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
    }
    return
  }
}

// -----

// A pointer advanced by an unknown stride keeps no alignment across the
// loop, unless tl.multiple_of says otherwise: the hint on the loop-carried
// value is kept on the loop (`tkc.divisibility_arg1`: the body's argument
// 1) and holds on every iteration.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-DAG: #[[ONE:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-DAG: #[[SIXTEEN:.*]] = #tkc_gpu.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // (Each load in a function of its own: loads that share a slice take
  // the widest access among them, as in Triton.)
  // CHECK-LABEL: func.func @loop_hint
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[SIXTEEN]]>
  // CHECK-LABEL: func.func @no_loop_hint
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[ONE]]>
  func.func @loop_hint(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %stride: i32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %o = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %d = tkc.splat %stride : tensor<2048xi32, #b>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%q = %a) -> (tensor<2048x!tkc.ptr<i8>, #b>) : i32 {
      %v = tkc.load %q : tensor<2048x!tkc.ptr<i8>, #b>
      %next = tkc.addptr %q, %d : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
      scf.yield %next : tensor<2048x!tkc.ptr<i8>, #b>
    } {tkc.divisibility_arg1 = array<i32: 16>}
    return
  }
  func.func @no_loop_hint(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %stride: i32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %o = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %d = tkc.splat %stride : tensor<2048xi32, #b>
    %u = scf.for %i = %c0 to %n step %c1 iter_args(%q = %a) -> (tensor<2048x!tkc.ptr<i8>, #b>) : i32 {
      %v = tkc.load %q : tensor<2048x!tkc.ptr<i8>, #b>
      %next = tkc.addptr %q, %d : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
      scf.yield %next : tensor<2048x!tkc.ptr<i8>, #b>
    }
    return
  }
}

// -----

// tkc.ptr_cast keeps the addresses: a bool tensor's pointers read as bytes
// (how a store of tl.int1 values goes to memory) stay a contiguous run, 16
// a thread; pointers cast to a wider pointee keep only their alignment.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-DAG: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-DAG: #[[ONE:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @ptr_cast
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[V]]>
  // CHECK-LABEL: func.func @ptr_cast_wider
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i32>, #[[ONE]]>
  func.func @ptr_cast(%p: !tkc.ptr<i1> {tkc.divisibility = 16 : i32}) {
    %o = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i1>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i1>, #b>, tensor<2048xi32, #b>
    %bytes = tkc.ptr_cast %a : tensor<2048x!tkc.ptr<i1>, #b> -> tensor<2048x!tkc.ptr<i8>, #b>
    %v = tkc.load %bytes : tensor<2048x!tkc.ptr<i8>, #b>
    return
  }
  func.func @ptr_cast_wider(%p: !tkc.ptr<i1> {tkc.divisibility = 16 : i32}) {
    %o = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %s = tkc.splat %p : tensor<2048x!tkc.ptr<i1>, #b>
    %a = tkc.addptr %s, %o : tensor<2048x!tkc.ptr<i1>, #b>, tensor<2048xi32, #b>
    %words = tkc.ptr_cast %a : tensor<2048x!tkc.ptr<i1>, #b> -> tensor<2048x!tkc.ptr<i32>, #b>
    %w = tkc.load %words : tensor<2048x!tkc.ptr<i32>, #b>
    return
  }
}

// -----

// A pointer a `while` loop advances by a multiple of 16 keeps its alignment
// through the loop (its fixed point over the condition's arguments, which
// the body receives), and `idx // n` by a run-time n that is a multiple of
// 16 is the same over aligned runs of 16: the upsample offsets
// `(idx // n) * n + idx % n` are runs of 16, loaded 16 a thread.
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-DAG: #[[SIXTEEN:.*]] = #tkc_gpu.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: func.func @while_rows
  // CHECK: scf.while
  // CHECK: tkc.load %{{.*}} : tensor<2048x!tkc.ptr<i8>, #[[SIXTEEN]]>
  func.func @while_rows(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}, %stride: i32 {tkc.divisibility = 16 : i32}, %end: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %idx = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %ns = tkc.splat %n : tensor<2048xi32, #b>
    %row = arith.divsi %idx, %ns : tensor<2048xi32, #b>
    %col = arith.remsi %idx, %ns : tensor<2048xi32, #b>
    %base = arith.muli %row, %ns : tensor<2048xi32, #b>
    %offs = arith.addi %base, %col : tensor<2048xi32, #b>
    %r:2 = scf.while (%q = %p, %i = %c0) : (!tkc.ptr<i8>, i32) -> (!tkc.ptr<i8>, i32) {
      %go = arith.cmpi slt, %i, %end : i32
      scf.condition(%go) %q, %i : !tkc.ptr<i8>, i32
    } do {
    ^bb0(%q: !tkc.ptr<i8>, %i: i32):
      %s = tkc.splat %q : tensor<2048x!tkc.ptr<i8>, #b>
      %a = tkc.addptr %s, %offs : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
      %v = tkc.load %a : tensor<2048x!tkc.ptr<i8>, #b>
      %next = tkc.addptr %q, %stride : !tkc.ptr<i8>, i32
      %j = arith.addi %i, %c1 : i32
      scf.yield %next, %j : !tkc.ptr<i8>, i32
    }
    return
  }
}

// -----

// A reshape that merges dimensions keeps its innermost one's facts: a
// [16, 8, 16] window of runs of 16 bytes, 64 bytes apart, flattened to
// [16, 128] is still read 16 bytes at a time. One that splits a dimension
// is not followed (nothing known: one byte at a time).
#w = #tkc_gpu.blocked<{sizePerThread = [1, 1, 16], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#f = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-DAG: #[[V:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-DAG: #[[S:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
  // CHECK-LABEL: func.func @reshape
  // CHECK: tkc.load %{{.*}} : tensor<16x128x!tkc.ptr<i8>, #[[V]]>
  // CHECK: tkc.load %{{.*}} : tensor<16x128x!tkc.ptr<i8>, #[[S]]>
  func.func @reshape(%p: !tkc.ptr<i8> {tkc.divisibility = 16 : i32}) {
    %c64 = arith.constant dense<64> : tensor<16x8x16xi32, #w>
    %r0 = tkc.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #tkc_gpu.slice<{dim = 0, parent = #tkc_gpu.slice<{dim = 1, parent = #w}>}>>
    %r1 = tkc.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #tkc_gpu.slice<{dim = 0, parent = #tkc_gpu.slice<{dim = 2, parent = #w}>}>>
    %e0 = tkc.expand_dims %r0 {axis = 0 : i32} : tensor<16xi32, #tkc_gpu.slice<{dim = 0, parent = #tkc_gpu.slice<{dim = 1, parent = #w}>}>> -> tensor<1x16xi32, #tkc_gpu.slice<{dim = 1, parent = #w}>>
    %e1 = tkc.expand_dims %e0 {axis = 1 : i32} : tensor<1x16xi32, #tkc_gpu.slice<{dim = 1, parent = #w}>> -> tensor<1x1x16xi32, #w>
    %f0 = tkc.expand_dims %r1 {axis = 0 : i32} : tensor<8xi32, #tkc_gpu.slice<{dim = 0, parent = #tkc_gpu.slice<{dim = 2, parent = #w}>}>> -> tensor<1x8xi32, #tkc_gpu.slice<{dim = 2, parent = #w}>>
    %f1 = tkc.expand_dims %f0 {axis = 2 : i32} : tensor<1x8xi32, #tkc_gpu.slice<{dim = 2, parent = #w}>> -> tensor<1x8x1xi32, #w>
    %cols = tkc.broadcast %e1 : tensor<1x1x16xi32, #w> -> tensor<16x8x16xi32, #w>
    %mids = tkc.broadcast %f1 : tensor<1x8x1xi32, #w> -> tensor<16x8x16xi32, #w>
    %scaled = arith.muli %mids, %c64 : tensor<16x8x16xi32, #w>
    %o = arith.addi %scaled, %cols : tensor<16x8x16xi32, #w>
    %s = tkc.splat %p : tensor<16x8x16x!tkc.ptr<i8>, #w>
    %a = tkc.addptr %s, %o : tensor<16x8x16x!tkc.ptr<i8>, #w>, tensor<16x8x16xi32, #w>
    %m = tkc.reshape %a : tensor<16x8x16x!tkc.ptr<i8>, #w> -> tensor<16x128x!tkc.ptr<i8>, #f>
    %v = tkc.load %m : tensor<16x128x!tkc.ptr<i8>, #f>
    %l = tkc.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #b>
    %ls = tkc.splat %p : tensor<2048x!tkc.ptr<i8>, #b>
    %la = tkc.addptr %ls, %l : tensor<2048x!tkc.ptr<i8>, #b>, tensor<2048xi32, #b>
    %split = tkc.reshape %la : tensor<2048x!tkc.ptr<i8>, #b> -> tensor<16x128x!tkc.ptr<i8>, #f>
    %u = tkc.load %split : tensor<16x128x!tkc.ptr<i8>, #f>
    return
  }
}
