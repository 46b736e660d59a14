// RUN: tkc-opt %s --split-input-file --tkc-gpu-remove-layout-conversions | FileCheck %s

#a = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A conversion of values computed from splats and ranges is replaced by
// the same computation in the target layout.
// CHECK-LABEL: func.func @recompute
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[S:.*]] = tkc.splat %{{.*}} : tensor<1024xi32, #[[B:blocked[0-9]*]]>
// CHECK: %[[R:.*]] = tkc.make_range {{.*}} : tensor<1024xi32, #[[B]]>
// CHECK: %[[X:.*]] = arith.addi %[[S]], %[[R]] : tensor<1024xi32, #[[B]]>
// CHECK: return %[[X]]
func.func @recompute(%x: i32) -> tensor<1024xi32, #b> {
  %s = tkc.splat %x : tensor<1024xi32, #a>
  %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
  %sum = arith.addi %s, %r : tensor<1024xi32, #a>
  %c = tkc_gpu.convert_layout %sum : tensor<1024xi32, #a> -> tensor<1024xi32, #b>
  return %c : tensor<1024xi32, #b>
}

// -----

#a = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// Converting a loaded value to its loaded layout and back cancels; the add
// then runs in the load's layout.
// CHECK-LABEL: func.func @round_trip
// CHECK: %[[L:.*]] = tkc.load
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: arith.addf %[[L]], %[[L]] : tensor<1024xf32, #blocked>
func.func @round_trip(%p: tensor<1024x!tkc.ptr<f32>, #b>) -> tensor<1024xf32, #b> {
  %v = tkc.load %p : tensor<1024x!tkc.ptr<f32>, #b>
  %va = tkc_gpu.convert_layout %v : tensor<1024xf32, #b> -> tensor<1024xf32, #a>
  %d = arith.addf %va, %va : tensor<1024xf32, #a>
  %c = tkc_gpu.convert_layout %d : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
  return %c : tensor<1024xf32, #b>
}

// -----

#a = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A loaded value cannot be recomputed: its conversion stays.
// CHECK-LABEL: func.func @keep
// CHECK: tkc_gpu.convert_layout
func.func @keep(%p: tensor<1024x!tkc.ptr<f32>, #a>) -> tensor<1024xf32, #b> {
  %v = tkc.load %p : tensor<1024x!tkc.ptr<f32>, #a>
  %c = tkc_gpu.convert_layout %v : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
  return %c : tensor<1024xf32, #b>
}

// -----

#rows = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#col = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#tile = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>

// An outer-product index computation is rebuilt in the tile's layout: the
// range is made directly in a slice of it, expanded and broadcast with no
// conversion left.
// CHECK: #[[T:blocked[0-9]*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK: #[[S:slice[0-9]*]] = #tkc_gpu.slice<{dim = 1, parent = #[[T]]}>
// CHECK-LABEL: func.func @outer
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.make_range {{.*}} : tensor<64xi32, #[[S]]>
// CHECK: tkc.expand_dims {{.*}} -> tensor<64x1xi32, #[[T]]>
// CHECK: tkc.broadcast {{.*}} -> tensor<64x64xi32, #[[T]]>
func.func @outer() -> tensor<64x64xi32, #tile> {
  %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #rows>
  %s = tkc_gpu.convert_layout %r : tensor<64xi32, #rows> -> tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #col}>>
  %e = tkc.expand_dims %s {axis = 1 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #col}>> -> tensor<64x1xi32, #col>
  %c = tkc_gpu.convert_layout %e : tensor<64x1xi32, #col> -> tensor<64x1xi32, #tile>
  %b = tkc.broadcast %c : tensor<64x1xi32, #tile> -> tensor<64x64xi32, #tile>
  return %b : tensor<64x64xi32, #tile>
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#eight = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A loaded value's conversion sinks through the cast into the store, which
// then runs in the load's layout with its pointers recomputed there.
// CHECK-LABEL: func.func @widen
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[V:.*]] = tkc.load {{.*}} : tensor<1024x!tkc.ptr<f16>, #[[L:blocked[0-9]*]]>
// CHECK: %[[W:.*]] = arith.extf %[[V]] : tensor<1024xf16, #[[L]]> to tensor<1024xf32, #[[L]]>
// CHECK: tkc.store %{{.*}}, %[[W]] : tensor<1024x!tkc.ptr<f32>, #[[L]]>
func.func @widen(%src: tensor<1024x!tkc.ptr<f16>, #eight>, %dst: !tkc.ptr<f32>) {
  %v = tkc.load %src : tensor<1024x!tkc.ptr<f16>, #eight>
  %c = tkc_gpu.convert_layout %v : tensor<1024xf16, #eight> -> tensor<1024xf16, #one>
  %w = arith.extf %c : tensor<1024xf16, #one> to tensor<1024xf32, #one>
  %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #one>
  %s = tkc.splat %dst : tensor<1024x!tkc.ptr<f32>, #one>
  %p = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f32>, #one>, tensor<1024xi32, #one>
  tkc.store %p, %w : tensor<1024x!tkc.ptr<f32>, #one>
  return
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A store whose value can be recomputed in the store's (coalesced) layout
// keeps that layout: the computation moves, not the store.
// CHECK-LABEL: func.func @scale
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[V:.*]] = tkc.load {{.*}} : tensor<1024x!tkc.ptr<f32>, #[[L:blocked[0-9]*]]>
// CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %[[V]] : tensor<1024xf32, #[[L]]>
// CHECK: tkc.store %{{.*}}, %[[M]] : tensor<1024x!tkc.ptr<f32>, #[[L]]>
func.func @scale(%src: tensor<1024x!tkc.ptr<f32>, #four>, %dst: tensor<1024x!tkc.ptr<f32>, #four>, %a: f32) {
  %v = tkc.load %src : tensor<1024x!tkc.ptr<f32>, #four>
  %c = tkc_gpu.convert_layout %v : tensor<1024xf32, #four> -> tensor<1024xf32, #one>
  %s = tkc.splat %a : tensor<1024xf32, #one>
  %m = arith.mulf %s, %c : tensor<1024xf32, #one>
  %back = tkc_gpu.convert_layout %m : tensor<1024xf32, #one> -> tensor<1024xf32, #four>
  tkc.store %dst, %back : tensor<1024x!tkc.ptr<f32>, #four>
  return
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>

// A reduction of a converted load reduces the loaded layout; its result
// takes the slice of it, and the store of that result follows, so no
// conversion is left.
// CHECK-LABEL: func.func @row_max
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[V:.*]] = tkc.load {{.*}} : tensor<16x128x!tkc.ptr<f32>, #[[L:blocked[0-9]*]]>
// CHECK: %[[M:.*]] = tkc.reduce(%[[V]]) axis = 1 : (tensor<16x128xf32, #[[L]]>) -> tensor<16xf32, #[[S:slice[0-9]*]]>
// CHECK: tkc.store %{{.*}}, %[[M]] : tensor<16x!tkc.ptr<f32>, #[[S]]>
func.func @row_max(%src: tensor<16x128x!tkc.ptr<f32>, #four>, %dst: !tkc.ptr<f32>) {
  %v = tkc.load %src : tensor<16x128x!tkc.ptr<f32>, #four>
  %c = tkc_gpu.convert_layout %v : tensor<16x128xf32, #four> -> tensor<16x128xf32, #one>
  %m = "tkc.reduce"(%c) ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tkc.reduce.return %t : f32
  }) {axis = 1 : i32} : (tensor<16x128xf32, #one>) -> tensor<16xf32, #tkc_gpu.slice<{dim = 1, parent = #one}>>
  %r = tkc.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #tkc_gpu.slice<{dim = 1, parent = #one}>>
  %s = tkc.splat %dst : tensor<16x!tkc.ptr<f32>, #tkc_gpu.slice<{dim = 1, parent = #one}>>
  %p = tkc.addptr %s, %r : tensor<16x!tkc.ptr<f32>, #tkc_gpu.slice<{dim = 1, parent = #one}>>, tensor<16xi32, #tkc_gpu.slice<{dim = 1, parent = #one}>>
  tkc.store %p, %m : tensor<16x!tkc.ptr<f32>, #tkc_gpu.slice<{dim = 1, parent = #one}>>
  return
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#eight = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An accumulator carried by a loop takes the layout its update is computed
// in (the loaded values'): no conversion is left inside or around the loop.
// CHECK-LABEL: func.func @accumulate
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.for {{.*}} -> (tensor<1024xf32, #[[L:blocked[0-9]*]]>)
// CHECK: tkc.load {{.*}} : tensor<1024x!tkc.ptr<f32>, #[[L]]>
// CHECK: arith.addf {{.*}} : tensor<1024xf32, #[[L]]>
// CHECK: tkc.reduce(%{{.*}}) axis = 0 : (tensor<1024xf32, #[[L]]>) -> f32
func.func @accumulate(%p: tensor<1024x!tkc.ptr<f32>, #eight>, %n: i32) -> f32 {
  %zero = arith.constant dense<0.0> : tensor<1024xf32, #one>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<1024xf32, #one>) : i32 {
    %v = tkc.load %p : tensor<1024x!tkc.ptr<f32>, #eight>
    %c = tkc_gpu.convert_layout %v : tensor<1024xf32, #eight> -> tensor<1024xf32, #one>
    %s = arith.addf %a, %c : tensor<1024xf32, #one>
    scf.yield %s : tensor<1024xf32, #one>
  }
  %r = "tkc.reduce"(%acc) ({
  ^bb0(%x: f32, %y: f32):
    %t = arith.addf %x, %y : f32
    tkc.reduce.return %t : f32
  }) {axis = 0 : i32} : (tensor<1024xf32, #one>) -> f32
  return %r : f32
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An atomic on pointers computed from loaded values runs where they were
// loaded (pointers cannot move through shared memory); its value and mask
// are recomputed there, and its used result is converted back.
// CHECK-LABEL: func.func @histogram
// CHECK: %[[BINS:.*]] = tkc.load {{.*}} : tensor<1024x!tkc.ptr<i32>, #[[L:blocked[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[OLD:.*]] = tkc.atomic_rmw add, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tkc.ptr<i32>, #[[L]]>
// CHECK: tkc_gpu.convert_layout %[[OLD]] : tensor<1024xi32, #[[L]]> -> tensor<1024xi32, #{{.*}}>
func.func @histogram(%x: tensor<1024x!tkc.ptr<i32>, #four>, %counts: !tkc.ptr<i32>, %n: i32) -> tensor<1024xi32, #one> {
  %bins = tkc.load %x : tensor<1024x!tkc.ptr<i32>, #four>
  %base = tkc.splat %counts : tensor<1024x!tkc.ptr<i32>, #four>
  %ptrs = tkc.addptr %base, %bins : tensor<1024x!tkc.ptr<i32>, #four>, tensor<1024xi32, #four>
  %moved = tkc_gpu.convert_layout %ptrs : tensor<1024x!tkc.ptr<i32>, #four> -> tensor<1024x!tkc.ptr<i32>, #one>
  %ones = arith.constant dense<1> : tensor<1024xi32, #one>
  %range = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #one>
  %bound = tkc.splat %n : tensor<1024xi32, #one>
  %mask = arith.cmpi slt, %range, %bound : tensor<1024xi32, #one>
  %old = tkc.atomic_rmw add, acq_rel, gpu, %moved, %ones, %mask : tensor<1024x!tkc.ptr<i32>, #one>
  return %old : tensor<1024xi32, #one>
}
