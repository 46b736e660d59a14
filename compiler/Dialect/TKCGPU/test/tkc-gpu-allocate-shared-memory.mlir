// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory=target=cuda:90a | FileCheck %s

// A conversion that moves elements between threads needs the whole tensor
// in shared memory: 64 x 64 x 4 bytes. Nothing precedes it.
// CHECK: module attributes {tkc_gpu.shared = 16384 : i32}
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_unguarded}
#a = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module {
  func.func @transpose_layout(%x: tensor<64x64xf32, #a>) -> tensor<64x64xf32, #b> {
    %c = tkc_gpu.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
    return %c : tensor<64x64xf32, #b>
  }
}

// -----

// A conversion whose whole tensor would not fit in the block's shared
// memory (cuda:90a: 227 KB) moves it a slab of rows at a time, where both
// layouts repeat along dimension 0 in registers alone: 1024 x 64 x 4 bytes
// = 256 KB in two rounds of 512 rows (more would fit but take more
// barriers). Beside a live 128 KB buffer, in four rounds of 64 KB.
// CHECK: module attributes {tkc_gpu.shared = 196608 : i32}
// CHECK-LABEL: func.func @in_rounds
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.rounds = 2 : i32, tkc_gpu.shared_offset = 0 : i32
// CHECK-LABEL: func.func @beside_buffer
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.rounds = 4 : i32, tkc_gpu.shared_offset = 131072 : i32
#c = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#d = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module {
  func.func @in_rounds(%x: tensor<1024x64xf32, #c>) -> tensor<1024x64xf32, #d> {
    %c = tkc_gpu.convert_layout %x : tensor<1024x64xf32, #c> -> tensor<1024x64xf32, #d>
    return %c : tensor<1024x64xf32, #d>
  }
  func.func @beside_buffer(%x: tensor<1024x64xf32, #c>) -> (tensor<1024x64xf32, #d>, tensor<512x64xf32, #c>) {
    %b = tkc_gpu.local_alloc : !tkc_gpu.shared<[512, 64], f32, order = [1, 0]>
    %c = tkc_gpu.convert_layout %x : tensor<1024x64xf32, #c> -> tensor<1024x64xf32, #d>
    %l = tkc_gpu.local_load %b : !tkc_gpu.shared<[512, 64], f32, order = [1, 0]> -> tensor<512x64xf32, #c>
    return %c, %l : tensor<1024x64xf32, #d>, tensor<512x64xf32, #c>
  }
}

// -----

// A layout that spreads the top rows over warps cannot: the whole tensor
// (a kernel the driver then refuses, naming the bytes).
// CHECK: module attributes {tkc_gpu.shared = 262144 : i32}
// CHECK-LABEL: func.func @whole
// CHECK-NOT: tkc_gpu.rounds
#c = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#e = #tkc_gpu.blocked<{sizePerThread = [8, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module {
  func.func @whole(%x: tensor<1024x64xf32, #c>) -> tensor<1024x64xf32, #e> {
    %c = tkc_gpu.convert_layout %x : tensor<1024x64xf32, #c> -> tensor<1024x64xf32, #e>
    return %c : tensor<1024x64xf32, #e>
  }
}

// -----

// Without conversions no shared memory is needed.
// CHECK: module attributes {tkc_gpu.shared = 0 : i32}
module {
  func.func @none() {
    return
  }
}

// -----

// Two reductions across warps: each needs 8 rows x 2 warps x 4 bytes. The
// second goes beside the first, so neither waits at a barrier before its
// stores; a reduction inside a loop always does (it follows itself).
// CHECK: module attributes {{{.*}}tkc_gpu.shared = 128 : i32
// CHECK-LABEL: func.func @two_reductions
// CHECK: tkc.reduce({{.*}}) axis = 1 {tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_unguarded} :
// CHECK: tkc.reduce({{.*}}) axis = 1 {tkc_gpu.shared_offset = 64 : i32, tkc_gpu.shared_unguarded} :
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for
// CHECK: tkc.reduce({{.*}}) axis = 1 {tkc_gpu.shared_offset = 0 : i32} :
#t = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#r = #tkc_gpu.slice<{dim = 1, parent = #t}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @two_reductions(%x: tensor<8x256xf32, #t>) -> (tensor<8xf32, #r>, tensor<8xf32, #r>) {
    %m = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.maximumf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<8x256xf32, #t>) -> tensor<8xf32, #r>
    %s = "tkc.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<8x256xf32, #t>) -> tensor<8xf32, #r>
    return %m, %s : tensor<8xf32, #r>, tensor<8xf32, #r>
  }
  func.func @in_loop(%x: tensor<8x256xf32, #t>, %n: index) -> tensor<8xf32, #r> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init = arith.constant dense<0.0> : tensor<8xf32, #r>
    %out = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<8xf32, #r>) {
      %s = "tkc.reduce"(%x) ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tkc.reduce.return %t : f32
      }) {axis = 1 : i32} : (tensor<8x256xf32, #t>) -> tensor<8xf32, #r>
      %next = arith.addf %acc, %s : tensor<8xf32, #r>
      scf.yield %next : tensor<8xf32, #r>
    }
    return %out : tensor<8xf32, #r>
  }
}

// -----

// Three reductions in a row alternate between two slots; one after an
// scf.if that holds another is not known to follow it directly, so it waits.
// CHECK-LABEL: func.func @three_then_if
// CHECK: tkc.reduce({{.*}}) axis = 1 {tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_unguarded} :
// CHECK: tkc.reduce({{.*}}) axis = 1 {tkc_gpu.shared_offset = 64 : i32, tkc_gpu.shared_unguarded} :
// CHECK: tkc.reduce({{.*}}) axis = 1 {tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_unguarded} :
// CHECK: scf.if
// CHECK: tkc.reduce({{.*}}) axis = 1 {tkc_gpu.shared_offset = 0 : i32} :
// CHECK: tkc.reduce({{.*}}) axis = 1 {tkc_gpu.shared_offset = 0 : i32} :
#t = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#r = #tkc_gpu.slice<{dim = 1, parent = #t}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @three_then_if(%x: tensor<8x256xf32, #t>, %c: i1) -> tensor<8xf32, #r> {
    %a = "tkc.reduce"(%x) ({
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<8x256xf32, #t>) -> tensor<8xf32, #r>
    %b = "tkc.reduce"(%x) ({
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<8x256xf32, #t>) -> tensor<8xf32, #r>
    %d = "tkc.reduce"(%x) ({
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<8x256xf32, #t>) -> tensor<8xf32, #r>
    %e = scf.if %c -> (tensor<8xf32, #r>) {
      %f = "tkc.reduce"(%x) ({
      ^bb0(%l: f32, %m: f32):
        %t = arith.maximumf %l, %m : f32
        tkc.reduce.return %t : f32
      }) {axis = 1 : i32} : (tensor<8x256xf32, #t>) -> tensor<8xf32, #r>
      scf.yield %f : tensor<8xf32, #r>
    } else {
      scf.yield %d : tensor<8xf32, #r>
    }
    %g = "tkc.reduce"(%x) ({
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<8x256xf32, #t>) -> tensor<8xf32, #r>
    %s1 = arith.addf %a, %b : tensor<8xf32, #r>
    %s2 = arith.addf %s1, %e : tensor<8xf32, #r>
    %s3 = arith.addf %s2, %g : tensor<8xf32, #r>
    return %s3 : tensor<8xf32, #r>
  }
}

// -----

// Two large conversions in a row: the second does not fit beside the first
// within the largest buffer, so it reuses offset 0 behind a barrier.
// CHECK: module attributes {tkc_gpu.shared = 16384 : i32}
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_unguarded}
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 0 : i32} :
#a = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module {
  func.func @round_trip(%x: tensor<64x64xf32, #a>) -> tensor<64x64xf32, #a> {
    %c = tkc_gpu.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
    %d = tkc_gpu.convert_layout %c : tensor<64x64xf32, #b> -> tensor<64x64xf32, #a>
    return %d : tensor<64x64xf32, #a>
  }
}

// -----

// A pipelined loop's buffers: the two stacks take 2 x 32 x 32 x 2 = 4096
// bytes each from offset 0, live until the loop ends. The conversions
// inside the loop are placed past them: the first needs no barrier of its
// own, as the wait before it has one that follows every earlier access
// (the previous iteration's too); the second, whose scratch overlaps the
// first's, does. One after the loop reuses offset 0 (its loop's wait has a
// barrier). The conversion before the allocs is still
// read when the first copies land: the first alloc waits at a barrier, and
// so does the second (scratch came before it too).
// CHECK: module attributes {tkc_gpu.shared = 12288 : i32}
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_unguarded}
// CHECK: tkc_gpu.local_alloc {tkc_gpu.shared_offset = 0 : i32} :
// CHECK: tkc_gpu.local_alloc {tkc_gpu.shared_offset = 4096 : i32} :
// CHECK: scf.for
// CHECK: tkc_gpu.async_wait {pending = 1 : i32}
// CHECK-NEXT: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 8192 : i32, tkc_gpu.shared_unguarded} :
// CHECK-NEXT: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 8192 : i32} :
// CHECK: tkc_gpu.async_wait {pending = 0 : i32}
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 0 : i32
#a = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module {
  func.func @buffers(%x: tensor<32x32xf32, #a>, %n: i32) -> tensor<32x32xf32, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c = tkc_gpu.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %buf0 = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]>
    %buf1 = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%v = %c) -> (tensor<32x32xf32, #b>) : i32 {
      %t0 = tkc_gpu.tile %buf0[%k] : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      %t1 = tkc_gpu.tile %buf1[%k] : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      tkc_gpu.async_wait {pending = 1 : i32}
      %w = tkc_gpu.convert_layout %v : tensor<32x32xf32, #b> -> tensor<32x32xf32, #a>
      %u = tkc_gpu.convert_layout %w : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
      scf.yield %u : tensor<32x32xf32, #b>
    }
    tkc_gpu.async_wait {pending = 0 : i32}
    %d = tkc_gpu.convert_layout %r : tensor<32x32xf32, #b> -> tensor<32x32xf32, #a>
    return %d : tensor<32x32xf32, #a>
  }
}

// -----

// A pipelined loop inside another (a persistent kernel's tile loop): the
// conversion after the inner loop comes before the alloc in the next outer
// iteration, so the alloc waits at a barrier although nothing precedes it in
// the text.
// CHECK-LABEL: func.func @outer_loop
// CHECK: scf.for
// CHECK: tkc_gpu.local_alloc {tkc_gpu.shared_offset = 0 : i32} :
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 0 : i32
#a = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module {
  func.func @outer_loop(%x: tensor<32x32xf32, #a>, %n: i32) -> tensor<32x32xf32, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %t = %c0 to %n step %c1 iter_args(%v = %x) -> (tensor<32x32xf32, #a>) : i32 {
      %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]>
      scf.for %k = %c0 to %n step %c1 : i32 {
        %tile = tkc_gpu.tile %buf[%k] : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
        tkc_gpu.async_wait {pending = 1 : i32}
      }
      tkc_gpu.async_wait {pending = 0 : i32}
      %c = tkc_gpu.convert_layout %v : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
      %d = tkc_gpu.convert_layout %c : tensor<32x32xf32, #b> -> tensor<32x32xf32, #a>
      scf.yield %d : tensor<32x32xf32, #a>
    }
    return %r : tensor<32x32xf32, #a>
  }
}

// -----

// Buffers live one after the other share bytes. %q lives across both dots
// and keeps offset 0; the first dot's B tile goes past it, and the second
// dot's B tile, allocated once the first is dead, takes the same bytes and
// so waits at a barrier. The first two need none: nothing came before them.
// They are stored one after the other, so the first leaves its barrier to
// the second. Warpgroup multiplies read all three: none is marked as read
// by ordinary loads only.
// CHECK: module attributes {{{.*}}tkc_gpu.shared = 12288 : i32
// CHECK-LABEL: func.func @reused
// CHECK: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_stores_follow, tkc_gpu.shared_unguarded}
// CHECK: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_offset = 8192 : i32, tkc_gpu.shared_unguarded}
// CHECK: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_offset = 8192 : i32} :
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @reused(%vq: tensor<64x64xf16, #l>, %vb: tensor<64x32xf16, #l>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    %q = tkc_gpu.local_alloc %vq : (tensor<64x64xf16, #l>) -> !tkc_gpu.shared<[64, 64], f16, order = [1, 0]>
    %b0 = tkc_gpu.local_alloc %vb : (tensor<64x32xf16, #l>) -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
    %d0 = tkc_gpu.warpgroup_dot %q, %b0, %c : !tkc_gpu.shared<[64, 64], f16, order = [1, 0]> * !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf32, #mma>
    %b1 = tkc_gpu.local_alloc %vb : (tensor<64x32xf16, #l>) -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
    %d1 = tkc_gpu.warpgroup_dot %q, %b1, %d0 : !tkc_gpu.shared<[64, 64], f16, order = [1, 0]> * !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf32, #mma>
    return %d1 : tensor<64x32xf32, #mma>
  }
}

// -----

// A conversion after a loop whose warpgroup multiply read a stored tile:
// its scratch takes the dead tile's bytes, which the other warpgroup may
// still be reading, so it waits at a barrier although no scratch user came
// before it.
// CHECK-LABEL: func.func @after_stored_tiles
// CHECK: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_offset = 0 : i32} :
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 0 : i32} :
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [8, 1]}>
module attributes {tkc_gpu.num_warps = 8 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @after_stored_tiles(%ta: !tkc_gpu.shared<[128, 32], f16, order = [1, 0]>, %vb: tensor<32x64xf16, #l>, %c: tensor<128x64xf32, #mma>, %n: i32) -> tensor<128x64xf32, #l> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<128x64xf32, #mma>) : i32 {
      %tb = tkc_gpu.local_alloc %vb : (tensor<32x64xf16, #l>) -> !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
      %d = tkc_gpu.warpgroup_dot %ta, %tb, %acc : !tkc_gpu.shared<[128, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 64], f16, order = [1, 0]> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    %e = tkc_gpu.convert_layout %r : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #l>
    return %e : tensor<128x64xf32, #l>
  }
}

// -----

// A buffer lives until the last use of its views: %q, seen transposed
// right after it is made and read through that view after %k's alloc,
// keeps its bytes, so %k takes the next ones.
// CHECK-LABEL: func.func @transposed_view
// CHECK: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_offset = 0 : i32
// CHECK: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_offset = 4096 : i32
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @transposed_view(%x: tensor<64x32xf16, #l>, %y: tensor<64x32xf16, #l>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %q = tkc_gpu.local_alloc %x : (tensor<64x32xf16, #l>) -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
    %qt = tkc_gpu.trans_tile %q : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 64], f16, order = [0, 1]>
    %k = tkc_gpu.local_alloc %y : (tensor<64x32xf16, #l>) -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
    %d = tkc_gpu.warpgroup_dot %k, %qt, %c : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> * !tkc_gpu.shared<[32, 64], f16, order = [0, 1]> -> tensor<64x64xf32, #mma>
    return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A K-major fp16 B tile whose vectors are 4 elements long: shuffles within
// warps could also make the operand, but matrix loads read it, through
// shared memory (16 x 64 x 2 bytes), which it is given.
// CHECK: module attributes {{{.*}}tkc_gpu.shared = 2048 : i32
// CHECK: tkc_gpu.convert_layout %{{.*}} {tkc_gpu.shared_offset = 0 : i32
#k = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 4]}>
#bop = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @matrix_loadable_operand(%x: tensor<16x64xf16, #k>) -> tensor<16x64xf16, #bop> {
    %c = tkc_gpu.convert_layout %x : tensor<16x64xf16, #k> -> tensor<16x64xf16, #bop>
    return %c : tensor<16x64xf16, #bop>
  }
}

// -----

// In a loop, two stored tiles with only a global load and arithmetic
// between them form one run: the first keeps the barrier before its stores
// (the previous iteration's reads come before it) and leaves the one after
// them to the second, which needs no barrier of its own. Only ordinary
// loads read them, so the run's last alloc is marked for no proxy fence. A
// tile after a read of the first (unused, in the first's bytes) starts a
// run of its own; the next one takes the same bytes and so does not join
// that run.
// CHECK-LABEL: func.func @runs
// CHECK: scf.for
// CHECK-NEXT: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_stores_follow} :
// CHECK: tkc.load
// CHECK: arith.addf
// CHECK-NEXT: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_generic_reads, tkc_gpu.shared_offset = 2048 : i32, tkc_gpu.shared_unguarded} :
// CHECK-NEXT: tkc_gpu.local_load
// CHECK-NEXT: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_generic_reads, tkc_gpu.shared_offset = 0 : i32} :
// CHECK-NEXT: tkc_gpu.local_alloc %{{.*}} {tkc_gpu.shared_generic_reads, tkc_gpu.shared_offset = 0 : i32} :
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @runs(%va: tensor<32x32xf16, #l>, %p: tensor<32x32x!tkc.ptr<f16>, #l>, %c: tensor<32x32xf32, #mma>, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<32x32xf32, #mma>) : i32 {
      %ta = tkc_gpu.local_alloc %va : (tensor<32x32xf16, #l>) -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      %vb = tkc.load %p : tensor<32x32x!tkc.ptr<f16>, #l>
      %vc = arith.addf %vb, %va : tensor<32x32xf16, #l>
      %tb = tkc_gpu.local_alloc %vc : (tensor<32x32xf16, #l>) -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #a>
      %unused = tkc_gpu.local_alloc %va : (tensor<32x32xf16, #l>) -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      %tc = tkc_gpu.local_alloc %va : (tensor<32x32xf16, #l>) -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      %b = tkc_gpu.local_load %tb : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #b>
      %b2 = tkc_gpu.local_load %tc : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %e = tkc.dot %a, %b2, %d : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      scf.yield %e : tensor<32x32xf32, #mma>
    }
    return %r : tensor<32x32xf32, #mma>
  }
}

// -----

// A refilling loop's wait for every thread's reads (tkc_gpu.orders_reads):
// after a conversion that follows the reads it is erased, as the
// conversion's barrier between its stores and loads already orders them;
// where a tile is read after the conversion it stays.
// CHECK-LABEL: func.func @reads_ordered_by_conversion
// CHECK: tkc_gpu.convert_layout
// CHECK-NOT: tkc_gpu.async_wait
// CHECK: tkc_gpu.async_copy
// CHECK-LABEL: func.func @read_after_conversion
// CHECK: tkc_gpu.convert_layout
// CHECK-NEXT: tkc_gpu.local_load
// CHECK-NEXT: tkc_gpu.async_wait {pending = 1 : i32, tkc_gpu.orders_reads}
#a = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module {
  func.func @reads_ordered_by_conversion(%p: tensor<32x32x!tkc.ptr<f16>, #a>, %n: i32) -> tensor<32x32xf16, #b> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf16, #b>
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf16, #b>) : i32 {
      %t = tkc_gpu.tile %buf[%k] : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      tkc_gpu.async_wait {pending = 1 : i32}
      %v = tkc_gpu.local_load %t : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #a>
      %w = tkc_gpu.convert_layout %v : tensor<32x32xf16, #a> -> tensor<32x32xf16, #b>
      %s = arith.addf %acc, %w : tensor<32x32xf16, #b>
      tkc_gpu.async_wait {pending = 1 : i32, tkc_gpu.orders_reads}
      tkc_gpu.async_copy %p, %t : tensor<32x32x!tkc.ptr<f16>, #a>, !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      tkc_gpu.async_commit
      scf.yield %s : tensor<32x32xf16, #b>
    }
    tkc_gpu.async_wait {pending = 0 : i32}
    return %r : tensor<32x32xf16, #b>
  }
  func.func @read_after_conversion(%p: tensor<32x32x!tkc.ptr<f16>, #a>, %n: i32) -> tensor<32x32xf16, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf16, #a>
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf16, #a>) : i32 {
      %t = tkc_gpu.tile %buf[%k] : !tkc_gpu.shared<[2, 32, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      tkc_gpu.async_wait {pending = 1 : i32}
      %w = tkc_gpu.convert_layout %acc : tensor<32x32xf16, #a> -> tensor<32x32xf16, #b>
      %v = tkc_gpu.local_load %t : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #a>
      tkc_gpu.async_wait {pending = 1 : i32, tkc_gpu.orders_reads}
      tkc_gpu.async_copy %p, %t : tensor<32x32x!tkc.ptr<f16>, #a>, !tkc_gpu.shared<[32, 32], f16, order = [1, 0]>
      tkc_gpu.async_commit
      %x = tkc_gpu.convert_layout %w : tensor<32x32xf16, #b> -> tensor<32x32xf16, #a>
      %s = arith.addf %x, %v : tensor<32x32xf16, #a>
      scf.yield %s : tensor<32x32xf16, #a>
    }
    tkc_gpu.async_wait {pending = 0 : i32}
    return %r : tensor<32x32xf16, #a>
  }
}

// -----

// Reductions over a rank-10 hypercube of 1024 elements (a bitonic merge's
// xor_sum per axis, lmdeploy's top-k), 16 warps along dimensions 1 to 4:
// along dimension 0, which no warp spans, no shared memory; along dimension
// 1, one warp bit: 2 slots for each of the 512 results, 4096 bytes.
// CHECK: module attributes {{.*}}tkc_gpu.shared = 4096 : i32
// CHECK-LABEL: func.func @hypercube
// CHECK: tkc.reduce(%{{.*}}) axis = 0 :
// CHECK: tkc.reduce(%{{.*}}) axis = 1 {tkc_gpu.shared_offset = 0 : i32
#h = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], threadsPerWarp = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2], warpsPerCTA = [1, 2, 2, 2, 2, 1, 1, 1, 1, 1], order = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]}>
module attributes {tkc_gpu.num_warps = 16 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @hypercube(%x: tensor<2x2x2x2x2x2x2x2x2x2xi32, #h>) -> (tensor<2x2x2x2x2x2x2x2x2xi32, #tkc_gpu.slice<{dim = 0, parent = #h}>>, tensor<2x2x2x2x2x2x2x2x2xi32, #tkc_gpu.slice<{dim = 1, parent = #h}>>) {
    %a = tkc.reduce(%x) axis = 0 : (tensor<2x2x2x2x2x2x2x2x2x2xi32, #h>) -> tensor<2x2x2x2x2x2x2x2x2xi32, #tkc_gpu.slice<{dim = 0, parent = #h}>> {
    ^bb0(%l: i32, %r: i32):
      %s = arith.xori %l, %r : i32
      tkc.reduce.return %s : i32
    }
    %b = tkc.reduce(%x) axis = 1 : (tensor<2x2x2x2x2x2x2x2x2x2xi32, #h>) -> tensor<2x2x2x2x2x2x2x2x2xi32, #tkc_gpu.slice<{dim = 1, parent = #h}>> {
    ^bb0(%l: i32, %r: i32):
      %s = arith.xori %l, %r : i32
      tkc.reduce.return %s : i32
    }
    return %a, %b : tensor<2x2x2x2x2x2x2x2x2xi32, #tkc_gpu.slice<{dim = 0, parent = #h}>>, tensor<2x2x2x2x2x2x2x2x2xi32, #tkc_gpu.slice<{dim = 1, parent = #h}>>
  }
}
