// RUN: tkc-opt %s --split-input-file --tkc-gpu-remove-layout-conversions | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-gpu-remove-layout-conversions="target=cuda:90a" | FileCheck %s --check-prefix=H90
// RUN: tkc-opt %s --split-input-file --tkc-gpu-remove-layout-conversions="target=cuda:80" | FileCheck %s --check-prefix=A80

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

#a = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A long computation from a range (a Philox generator's rounds: 24 here,
// past any depth a search without memory could afford, each round using
// the last twice) is recomputed in the layout of the load it meets, each op
// once: the load's conversion and the result's go.
// CHECK-LABEL: func.func @deep_recompute
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.make_range {{.*}} : tensor<1024xi32, #[[B:blocked[0-9]*]]>
// CHECK-COUNT-24: arith.xori {{.*}} : tensor<1024xi32, #[[B]]>
// CHECK-NOT: arith.xori
// CHECK: arith.mulf {{.*}} : tensor<1024xf32, #[[B]]>
// CHECK-NOT: tkc_gpu.convert_layout
func.func @deep_recompute(%p: tensor<1024x!tkc.ptr<f32>, #b>) -> tensor<1024xf32, #b> {
  %v = tkc.load %p : tensor<1024x!tkc.ptr<f32>, #b>
  %va = tkc_gpu.convert_layout %v : tensor<1024xf32, #b> -> tensor<1024xf32, #a>
  %k = arith.constant dense<-845247145> : tensor<1024xi32, #a>
  %three = arith.constant dense<3> : tensor<1024xi32, #a>
  %x0 = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
  %m0 = arith.muli %x0, %k : tensor<1024xi32, #a>
  %s0 = arith.shrui %x0, %three : tensor<1024xi32, #a>
  %x1 = arith.xori %m0, %s0 : tensor<1024xi32, #a>
  %m1 = arith.muli %x1, %k : tensor<1024xi32, #a>
  %s1 = arith.shrui %x1, %three : tensor<1024xi32, #a>
  %x2 = arith.xori %m1, %s1 : tensor<1024xi32, #a>
  %m2 = arith.muli %x2, %k : tensor<1024xi32, #a>
  %s2 = arith.shrui %x2, %three : tensor<1024xi32, #a>
  %x3 = arith.xori %m2, %s2 : tensor<1024xi32, #a>
  %m3 = arith.muli %x3, %k : tensor<1024xi32, #a>
  %s3 = arith.shrui %x3, %three : tensor<1024xi32, #a>
  %x4 = arith.xori %m3, %s3 : tensor<1024xi32, #a>
  %m4 = arith.muli %x4, %k : tensor<1024xi32, #a>
  %s4 = arith.shrui %x4, %three : tensor<1024xi32, #a>
  %x5 = arith.xori %m4, %s4 : tensor<1024xi32, #a>
  %m5 = arith.muli %x5, %k : tensor<1024xi32, #a>
  %s5 = arith.shrui %x5, %three : tensor<1024xi32, #a>
  %x6 = arith.xori %m5, %s5 : tensor<1024xi32, #a>
  %m6 = arith.muli %x6, %k : tensor<1024xi32, #a>
  %s6 = arith.shrui %x6, %three : tensor<1024xi32, #a>
  %x7 = arith.xori %m6, %s6 : tensor<1024xi32, #a>
  %m7 = arith.muli %x7, %k : tensor<1024xi32, #a>
  %s7 = arith.shrui %x7, %three : tensor<1024xi32, #a>
  %x8 = arith.xori %m7, %s7 : tensor<1024xi32, #a>
  %m8 = arith.muli %x8, %k : tensor<1024xi32, #a>
  %s8 = arith.shrui %x8, %three : tensor<1024xi32, #a>
  %x9 = arith.xori %m8, %s8 : tensor<1024xi32, #a>
  %m9 = arith.muli %x9, %k : tensor<1024xi32, #a>
  %s9 = arith.shrui %x9, %three : tensor<1024xi32, #a>
  %x10 = arith.xori %m9, %s9 : tensor<1024xi32, #a>
  %m10 = arith.muli %x10, %k : tensor<1024xi32, #a>
  %s10 = arith.shrui %x10, %three : tensor<1024xi32, #a>
  %x11 = arith.xori %m10, %s10 : tensor<1024xi32, #a>
  %m11 = arith.muli %x11, %k : tensor<1024xi32, #a>
  %s11 = arith.shrui %x11, %three : tensor<1024xi32, #a>
  %x12 = arith.xori %m11, %s11 : tensor<1024xi32, #a>
  %m12 = arith.muli %x12, %k : tensor<1024xi32, #a>
  %s12 = arith.shrui %x12, %three : tensor<1024xi32, #a>
  %x13 = arith.xori %m12, %s12 : tensor<1024xi32, #a>
  %m13 = arith.muli %x13, %k : tensor<1024xi32, #a>
  %s13 = arith.shrui %x13, %three : tensor<1024xi32, #a>
  %x14 = arith.xori %m13, %s13 : tensor<1024xi32, #a>
  %m14 = arith.muli %x14, %k : tensor<1024xi32, #a>
  %s14 = arith.shrui %x14, %three : tensor<1024xi32, #a>
  %x15 = arith.xori %m14, %s14 : tensor<1024xi32, #a>
  %m15 = arith.muli %x15, %k : tensor<1024xi32, #a>
  %s15 = arith.shrui %x15, %three : tensor<1024xi32, #a>
  %x16 = arith.xori %m15, %s15 : tensor<1024xi32, #a>
  %m16 = arith.muli %x16, %k : tensor<1024xi32, #a>
  %s16 = arith.shrui %x16, %three : tensor<1024xi32, #a>
  %x17 = arith.xori %m16, %s16 : tensor<1024xi32, #a>
  %m17 = arith.muli %x17, %k : tensor<1024xi32, #a>
  %s17 = arith.shrui %x17, %three : tensor<1024xi32, #a>
  %x18 = arith.xori %m17, %s17 : tensor<1024xi32, #a>
  %m18 = arith.muli %x18, %k : tensor<1024xi32, #a>
  %s18 = arith.shrui %x18, %three : tensor<1024xi32, #a>
  %x19 = arith.xori %m18, %s18 : tensor<1024xi32, #a>
  %m19 = arith.muli %x19, %k : tensor<1024xi32, #a>
  %s19 = arith.shrui %x19, %three : tensor<1024xi32, #a>
  %x20 = arith.xori %m19, %s19 : tensor<1024xi32, #a>
  %m20 = arith.muli %x20, %k : tensor<1024xi32, #a>
  %s20 = arith.shrui %x20, %three : tensor<1024xi32, #a>
  %x21 = arith.xori %m20, %s20 : tensor<1024xi32, #a>
  %m21 = arith.muli %x21, %k : tensor<1024xi32, #a>
  %s21 = arith.shrui %x21, %three : tensor<1024xi32, #a>
  %x22 = arith.xori %m21, %s21 : tensor<1024xi32, #a>
  %m22 = arith.muli %x22, %k : tensor<1024xi32, #a>
  %s22 = arith.shrui %x22, %three : tensor<1024xi32, #a>
  %x23 = arith.xori %m22, %s22 : tensor<1024xi32, #a>
  %m23 = arith.muli %x23, %k : tensor<1024xi32, #a>
  %s23 = arith.shrui %x23, %three : tensor<1024xi32, #a>
  %x24 = arith.xori %m23, %s23 : tensor<1024xi32, #a>
  %f = arith.uitofp %x24 : tensor<1024xi32, #a> to tensor<1024xf32, #a>
  %y = arith.mulf %f, %va : tensor<1024xf32, #a>
  %c = tkc_gpu.convert_layout %y : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
  return %c : tensor<1024xf32, #b>
}

// -----

#col = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#tile = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#wide = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>

// Pointers to gathered rows (vLLM's fused MoE epilogue): the tile is
// recomputed in the store's layout and only the 64x1 row pointers, a 64th
// of it, are converted; the mask's rows too.
// CHECK-LABEL: func.func @gathered_rows
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<64x1x!tkc.ptr<f32>, #{{.*}}> -> tensor<64x1x!tkc.ptr<f32>, #[[W:blocked[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout %{{.*}} : tensor<64x64
// CHECK: tkc.addptr %{{.*}} : tensor<64x64x!tkc.ptr<f32>, #[[W]]>
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<64x1xi1, #{{.*}}> -> tensor<64x1xi1, #[[W]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.store {{.*}} : tensor<64x64x!tkc.ptr<f32>, #[[W]]>
func.func @gathered_rows(%rows: tensor<64x1x!tkc.ptr<i32>, #col>, %dst: !tkc.ptr<f32>, %v: tensor<64x64xf32, #wide>, %n: i32) {
  %r = tkc.load %rows : tensor<64x1x!tkc.ptr<i32>, #col>
  %base = tkc.splat %dst : tensor<64x1x!tkc.ptr<f32>, #col>
  %rp = tkc.addptr %base, %r : tensor<64x1x!tkc.ptr<f32>, #col>, tensor<64x1xi32, #col>
  %rpt = tkc_gpu.convert_layout %rp : tensor<64x1x!tkc.ptr<f32>, #col> -> tensor<64x1x!tkc.ptr<f32>, #tile>
  %bp = tkc.broadcast %rpt : tensor<64x1x!tkc.ptr<f32>, #tile> -> tensor<64x64x!tkc.ptr<f32>, #tile>
  %c = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #tile}>>
  %ce = tkc.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #tile}>> -> tensor<1x64xi32, #tile>
  %cb = tkc.broadcast %ce : tensor<1x64xi32, #tile> -> tensor<64x64xi32, #tile>
  %p = tkc.addptr %bp, %cb : tensor<64x64x!tkc.ptr<f32>, #tile>, tensor<64x64xi32, #tile>
  %ns = tkc.splat %n : tensor<64x1xi32, #col>
  %rm = arith.cmpi slt, %r, %ns : tensor<64x1xi32, #col>
  %rmt = tkc_gpu.convert_layout %rm : tensor<64x1xi1, #col> -> tensor<64x1xi1, #tile>
  %m = tkc.broadcast %rmt : tensor<64x1xi1, #tile> -> tensor<64x64xi1, #tile>
  %pw = tkc_gpu.convert_layout %p : tensor<64x64x!tkc.ptr<f32>, #tile> -> tensor<64x64x!tkc.ptr<f32>, #wide>
  %mw = tkc_gpu.convert_layout %m : tensor<64x64xi1, #tile> -> tensor<64x64xi1, #wide>
  tkc.store %pw, %v, %mw : tensor<64x64x!tkc.ptr<f32>, #wide>
  return
}

// -----

#col = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tile = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#wide = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>

// A store of a descriptor's block moves to its value's layout the same
// way; its box coordinates, scalars, stay as they are.
// CHECK-LABEL: func.func @descriptor_block
// CHECK-SAME: %[[V:[^:]*]]: tensor<64x64xf32, #[[W:blocked[0-9]*]]>, %[[ROW:[^:]*]]: i32, %[[COL:[^:]*]]: i32)
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.store %{{.*}}, %[[V]] box "c_desc"[%[[ROW]], %[[COL]]] : tensor<64x64x!tkc.ptr<f32>, #[[W]]>
func.func @descriptor_block(%dst: !tkc.ptr<f32>, %v: tensor<64x64xf32, #wide>, %row: i32, %col: i32) {
  %c = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #tile}>>
  %ce = tkc.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #tile}>> -> tensor<1x64xi32, #tile>
  %cb = tkc.broadcast %ce : tensor<1x64xi32, #tile> -> tensor<64x64xi32, #tile>
  %s = tkc.splat %dst : tensor<64x64x!tkc.ptr<f32>, #tile>
  %p = tkc.addptr %s, %cb : tensor<64x64x!tkc.ptr<f32>, #tile>, tensor<64x64xi32, #tile>
  %vt = tkc_gpu.convert_layout %v : tensor<64x64xf32, #wide> -> tensor<64x64xf32, #tile>
  tkc.store %p, %vt box "c_desc"[%row, %col] : tensor<64x64x!tkc.ptr<f32>, #tile>
  return
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
#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A loaded value's conversion sinks through the cast into the store, which
// then runs in the load's layout with its pointers recomputed there.
// CHECK-LABEL: func.func @widen
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[V:.*]] = tkc.load {{.*}} : tensor<1024x!tkc.ptr<f16>, #[[L:blocked[0-9]*]]>
// CHECK: %[[W:.*]] = arith.extf %[[V]] : tensor<1024xf16, #[[L]]> to tensor<1024xf32, #[[L]]>
// CHECK: tkc.store %{{.*}}, %[[W]] : tensor<1024x!tkc.ptr<f32>, #[[L]]>
func.func @widen(%src: tensor<1024x!tkc.ptr<f16>, #four>, %dst: !tkc.ptr<f32>) {
  %v = tkc.load %src : tensor<1024x!tkc.ptr<f16>, #four>
  %c = tkc_gpu.convert_layout %v : tensor<1024xf16, #four> -> tensor<1024xf16, #one>
  %w = arith.extf %c : tensor<1024xf16, #one> to tensor<1024xf32, #one>
  %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #one>
  %s = tkc.splat %dst : tensor<1024x!tkc.ptr<f32>, #one>
  %p = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f32>, #one>, tensor<1024xi32, #one>
  tkc.store %p, %w : tensor<1024x!tkc.ptr<f32>, #one>
  return
}

// -----

#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#eight = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// Where the load's layout would give each thread a run longer than one
// 16-byte store (8 fp32: two stores whose lanes land 32 bytes apart, each
// writing half of every sector it touches), the store keeps its coalesced
// layout and the value is converted for it, before its upcast (half the
// bytes), as Liger's DyT backward and AWQ's dequantization need.
// CHECK-LABEL: func.func @widen_past_one_access
// CHECK: %[[V:.*]] = tkc.load {{.*}} : tensor<1024x!tkc.ptr<f16>, #[[L:blocked[0-9]*]]>
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %[[V]] : tensor<1024xf16, #[[L]]> -> tensor<1024xf16, #[[S:blocked[0-9]*]]>
// CHECK: %[[W:.*]] = arith.extf %[[C]] : tensor<1024xf16, #[[S]]> to tensor<1024xf32, #[[S]]>
// CHECK: tkc.store %{{.*}}, %[[W]] : tensor<1024x!tkc.ptr<f32>, #[[S]]>
func.func @widen_past_one_access(%src: tensor<1024x!tkc.ptr<f16>, #eight>, %dst: !tkc.ptr<f32>) {
  %v = tkc.load %src : tensor<1024x!tkc.ptr<f16>, #eight>
  %c = tkc_gpu.convert_layout %v : tensor<1024xf16, #eight> -> tensor<1024xf16, #four>
  %w = arith.extf %c : tensor<1024xf16, #four> to tensor<1024xf32, #four>
  %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #four>
  %s = tkc.splat %dst : tensor<1024x!tkc.ptr<f32>, #four>
  %p = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f32>, #four>, tensor<1024xi32, #four>
  tkc.store %p, %w : tensor<1024x!tkc.ptr<f32>, #four>
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
#eight = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// Welford's update (a running mean and sum of squares, each updated from
// both and from the loaded tile, and a count, FlagGems' layer_norm_loop):
// the load is converted several ops up the updates, yet both carried values
// take its layout, the count (from constants alone) follows them, and
// neither the loop nor the reduction of their product after it converts.
// CHECK-LABEL: func.func @welford
// CHECK: scf.for {{.*}} -> (tensor<1024xf32, #[[L:blocked[0-9]*]]>, tensor<1024xf32, #[[L]]>, tensor<1024xi32, #[[L]]>)
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.reduce(%{{.*}}) axis = 0 : (tensor<1024xf32, #[[L]]>) -> f32
func.func @welford(%p: tensor<1024x!tkc.ptr<f16>, #eight>, %n: i32) -> (f32, f32) {
  %zero = arith.constant dense<0.0> : tensor<1024xf32, #one>
  %none = arith.constant dense<0> : tensor<1024xi32, #one>
  %ones = arith.constant dense<1> : tensor<1024xi32, #one>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %zero, %s = %zero, %cnt = %none) -> (tensor<1024xf32, #one>, tensor<1024xf32, #one>, tensor<1024xi32, #one>) : i32 {
    %h = tkc.load %p : tensor<1024x!tkc.ptr<f16>, #eight>
    %w = arith.extf %h : tensor<1024xf16, #eight> to tensor<1024xf32, #eight>
    %x = tkc_gpu.convert_layout %w : tensor<1024xf32, #eight> -> tensor<1024xf32, #one>
    %k = arith.sitofp %i : i32 to f32
    %ks = tkc.splat %k : tensor<1024xf32, #one>
    %d = arith.subf %x, %m : tensor<1024xf32, #one>
    %q = arith.divf %d, %ks : tensor<1024xf32, #one>
    %m2 = arith.addf %m, %q : tensor<1024xf32, #one>
    %e = arith.subf %x, %m2 : tensor<1024xf32, #one>
    %f = arith.mulf %e, %d : tensor<1024xf32, #one>
    %s2 = arith.addf %s, %f : tensor<1024xf32, #one>
    %cnt2 = arith.addi %cnt, %ones : tensor<1024xi32, #one>
    scf.yield %m2, %s2, %cnt2 : tensor<1024xf32, #one>, tensor<1024xf32, #one>, tensor<1024xi32, #one>
  }
  %c = arith.sitofp %r#2 : tensor<1024xi32, #one> to tensor<1024xf32, #one>
  %mc = arith.mulf %r#0, %c : tensor<1024xf32, #one>
  %t = "tkc.reduce"(%mc) ({
  ^bb0(%a: f32, %b: f32):
    %u = arith.addf %a, %b : f32
    tkc.reduce.return %u : f32
  }) {axis = 0 : i32} : (tensor<1024xf32, #one>) -> f32
  %v = "tkc.reduce"(%r#1) ({
  ^bb0(%a: f32, %b: f32):
    %u = arith.addf %a, %b : f32
    tkc.reduce.return %u : f32
  }) {axis = 0 : i32} : (tensor<1024xf32, #one>) -> f32
  return %t, %v : f32, f32
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

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An f32 addition coalesced to runs of 4 of a value loaded one element per
// thread (and stored there too, so not loaded again): on sm_90, which adds
// 4 floats in one atomic, it keeps its layout and the value is converted;
// without such a target it runs where the value is. Pointers that cannot
// be recomputed (a function's argument) are followed either way.
// CHECK-LABEL: func.func @vector_add_stays
// CHECK: %[[V:.*]] = tkc.load %{{.*}} : tensor<1024x!tkc.ptr<f32>, #[[ONE:blocked[0-9]*]]>
// CHECK: tkc.atomic_rmw fadd, relaxed, gpu, %{{.*}}, %[[V]] : tensor<1024x!tkc.ptr<f32>, #[[ONE]]>
// CHECK-LABEL: func.func @pointers_followed
// CHECK-NOT: tkc_gpu.convert_layout %{{.*}} : tensor<1024x!tkc.ptr
// H90-LABEL: func.func @vector_add_stays
// H90: %[[V:.*]] = tkc.load %{{.*}} : tensor<1024x!tkc.ptr<f32>, #[[ONE:blocked[0-9]*]]>
// H90: %[[C:.*]] = tkc_gpu.convert_layout %[[V]] : tensor<1024xf32, #[[ONE]]> -> tensor<1024xf32, #[[FOUR:blocked[0-9]*]]>
// H90: tkc.atomic_rmw fadd, relaxed, gpu, %{{.*}}, %[[C]] : tensor<1024x!tkc.ptr<f32>, #[[FOUR]]>
// H90-LABEL: func.func @pointers_followed
// H90-NOT: tkc_gpu.convert_layout %{{.*}} : tensor<1024x!tkc.ptr
// A80-LABEL: func.func @vector_add_stays
// A80-NOT: tkc_gpu.convert_layout
// A80: tkc.atomic_rmw fadd
func.func @vector_add_stays(%x: tensor<1024x!tkc.ptr<f32>, #one>, %y: tensor<1024x!tkc.ptr<f32>, #one>, %base: !tkc.ptr<f32>) {
  %v = tkc.load %x : tensor<1024x!tkc.ptr<f32>, #one>
  tkc.store %y, %v : tensor<1024x!tkc.ptr<f32>, #one>
  %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #four>
  %s = tkc.splat %base : tensor<1024x!tkc.ptr<f32>, #four>
  %p = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f32>, #four>, tensor<1024xi32, #four>
  %v4 = tkc_gpu.convert_layout %v : tensor<1024xf32, #one> -> tensor<1024xf32, #four>
  %old = tkc.atomic_rmw fadd, relaxed, gpu, %p, %v4 : tensor<1024x!tkc.ptr<f32>, #four>
  return
}
func.func @pointers_followed(%rows: tensor<1024x!tkc.ptr<f32>, #one>) {
  %v = arith.constant dense<1.0> : tensor<1024xf32, #four>
  %p = tkc_gpu.convert_layout %rows : tensor<1024x!tkc.ptr<f32>, #one> -> tensor<1024x!tkc.ptr<f32>, #four>
  %old = tkc.atomic_rmw fadd, relaxed, gpu, %p, %v : tensor<1024x!tkc.ptr<f32>, #four>
  return
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An if whose branches compute a tensor in the loaded layout (one from a
// load, one from a constant) yields it there: tutorial 05's layer norm
// backward adds the partial sums loaded under its lock in one branch and not
// in the other. No conversion is left, before or after the if.
// CHECK-LABEL: func.func @branches
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[ONES:.*]] = arith.constant dense<1.000000e+00> : tensor<1024xf32, #[[L:blocked[0-9]*]]>
// CHECK: %[[IF:.*]] = scf.if %{{.*}} -> (tensor<1024xf32, #[[L]]>)
// CHECK: tkc.load {{.*}} : tensor<1024x!tkc.ptr<f32>, #[[L]]>
// CHECK: scf.yield {{.*}} : tensor<1024xf32, #[[L]]>
// CHECK: scf.yield %[[ONES]] : tensor<1024xf32, #[[L]]>
// CHECK: tkc.store %{{.*}}, %[[IF]] : tensor<1024x!tkc.ptr<f32>, #[[L]]>
func.func @branches(%p: tensor<1024x!tkc.ptr<f32>, #four>, %c: i1) {
  %r = scf.if %c -> (tensor<1024xf32, #one>) {
    %v = tkc.load %p : tensor<1024x!tkc.ptr<f32>, #four>
    %w = arith.addf %v, %v : tensor<1024xf32, #four>
    %m = tkc_gpu.convert_layout %w : tensor<1024xf32, #four> -> tensor<1024xf32, #one>
    scf.yield %m : tensor<1024xf32, #one>
  } else {
    %ones = arith.constant dense<1.0> : tensor<1024xf32, #one>
    scf.yield %ones : tensor<1024xf32, #one>
  }
  %back = tkc_gpu.convert_layout %r : tensor<1024xf32, #one> -> tensor<1024xf32, #four>
  tkc.store %p, %back : tensor<1024x!tkc.ptr<f32>, #four>
  return
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An if whose branches compute a tensor from constants and ranges alone, in
// the default layout, for a quotient of a load in the load's layout: FlagGems'
// pooling divisor, an override or a count of valid taps chosen at run time.
// The branches compute it in the load's layout, and nothing is converted.
// CHECK-LABEL: func.func @divisor
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[IF:.*]] = scf.if %{{.*}} -> (tensor<1024xf32, #[[L:blocked[0-9]*]]>)
// CHECK: tkc.splat %{{.*}} : tensor<1024xf32, #[[L]]>
// CHECK: tkc.make_range {{.*}} : tensor<1024xi32, #[[L]]>
// CHECK: arith.sitofp {{.*}} : tensor<1024xi32, #[[L]]> to tensor<1024xf32, #[[L]]>
// CHECK: tkc.load {{.*}} : tensor<1024x!tkc.ptr<f32>, #[[L]]>
// CHECK: arith.divf %{{.*}}, %[[IF]] : tensor<1024xf32, #[[L]]>
// CHECK-NOT: tkc_gpu.convert_layout
func.func @divisor(%p: tensor<1024x!tkc.ptr<f32>, #four>, %c: i1, %d: f32) {
  %r = scf.if %c -> (tensor<1024xf32, #one>) {
    %s = tkc.splat %d : tensor<1024xf32, #one>
    scf.yield %s : tensor<1024xf32, #one>
  } else {
    %n = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #one>
    %f = arith.sitofp %n : tensor<1024xi32, #one> to tensor<1024xf32, #one>
    scf.yield %f : tensor<1024xf32, #one>
  }
  %v = tkc.load %p : tensor<1024x!tkc.ptr<f32>, #four>
  %vc = tkc_gpu.convert_layout %v : tensor<1024xf32, #four> -> tensor<1024xf32, #one>
  %q = arith.divf %vc, %r : tensor<1024xf32, #one>
  %back = tkc_gpu.convert_layout %q : tensor<1024xf32, #one> -> tensor<1024xf32, #four>
  tkc.store %p, %back : tensor<1024x!tkc.ptr<f32>, #four>
  return
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#vec = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>

// A K loop as TKCToTKCGPU and coalescing leave it: the accumulator is
// carried in the default layout and converted to and from the dot's around
// it, and the pointers of a, advanced each step, are converted for their
// coalesced load. Both move to the layout they are used in: no conversion
// is left in the loop but those of the loaded operands to the dot's.
// CHECK-LABEL: func.func @matmul_loop
// CHECK: %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #[[ACC:blocked[0-9]*]]>
// CHECK: %[[A0:.*]] = tkc.splat %{{.*}} : tensor<32x32x!tkc.ptr<f16>, #[[VEC:blocked[0-9]*]]>
// CHECK: %[[LOOP:.*]]:3 = scf.for {{.*}} iter_args(%[[ACCARG:.*]] = %[[INIT]], %[[P:.*]] = %[[A0]], %[[Q:.*]] = %{{.*}}) -> (tensor<32x32xf32, #[[ACC]]>, tensor<32x32x!tkc.ptr<f16>, #[[VEC]]>, tensor<32x32x!tkc.ptr<f16>, #[[ONE:blocked[0-9]*]]>)
// CHECK: %[[AV:.*]] = tkc.load %[[P]] : tensor<32x32x!tkc.ptr<f16>, #[[VEC]]>
// CHECK: %[[A:.*]] = tkc_gpu.convert_layout %[[AV]] : tensor<32x32xf16, #[[VEC]]> -> tensor<32x32xf16, #[[DA:dot_op[0-9]*]]>
// CHECK: %[[BV:.*]] = tkc.load %[[Q]] : tensor<32x32x!tkc.ptr<f16>, #[[ONE]]>
// CHECK: %[[B:.*]] = tkc_gpu.convert_layout %[[BV]] : tensor<32x32xf16, #[[ONE]]> -> tensor<32x32xf16, #[[DB:dot_op[0-9]*]]>
// CHECK: %[[D:.*]] = tkc.dot %[[A]], %[[B]], %[[ACCARG]] : tensor<32x32xf16, #[[DA]]> * tensor<32x32xf16, #[[DB]]> -> tensor<32x32xf32, #[[ACC]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.yield %[[D]],
// CHECK: tkc_gpu.convert_layout %[[LOOP]]#0 : tensor<32x32xf32, #[[ACC]]> -> tensor<32x32xf32, #[[ONE]]>
func.func @matmul_loop(%pa: !tkc.ptr<f16>, %pb: tensor<32x32x!tkc.ptr<f16>, #one>, %n: i32) -> tensor<32x32xf32, #one> {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32, #one>
  %step = arith.constant dense<32> : tensor<32x32xi32, #one>
  %a0 = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #one>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %a0, %q = %pb) -> (tensor<32x32xf32, #one>, tensor<32x32x!tkc.ptr<f16>, #one>, tensor<32x32x!tkc.ptr<f16>, #one>) : i32 {
    %pv = tkc_gpu.convert_layout %p : tensor<32x32x!tkc.ptr<f16>, #one> -> tensor<32x32x!tkc.ptr<f16>, #vec>
    %av = tkc.load %pv : tensor<32x32x!tkc.ptr<f16>, #vec>
    %a = tkc_gpu.convert_layout %av : tensor<32x32xf16, #vec> -> tensor<32x32xf16, #a>
    %bv = tkc.load %q : tensor<32x32x!tkc.ptr<f16>, #one>
    %b = tkc_gpu.convert_layout %bv : tensor<32x32xf16, #one> -> tensor<32x32xf16, #b>
    %c = tkc_gpu.convert_layout %acc : tensor<32x32xf32, #one> -> tensor<32x32xf32, #acc>
    %d = tkc.dot %a, %b, %c : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
    %dd = tkc_gpu.convert_layout %d : tensor<32x32xf32, #acc> -> tensor<32x32xf32, #one>
    %p2 = tkc.addptr %p, %step : tensor<32x32x!tkc.ptr<f16>, #one>, tensor<32x32xi32, #one>
    %q2 = tkc.addptr %q, %step : tensor<32x32x!tkc.ptr<f16>, #one>, tensor<32x32xi32, #one>
    scf.yield %dd, %p2, %q2 : tensor<32x32xf32, #one>, tensor<32x32x!tkc.ptr<f16>, #one>, tensor<32x32x!tkc.ptr<f16>, #one>
  }
  return %r#0 : tensor<32x32xf32, #one>
}

// -----

#ld = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#d = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#dt = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#st = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>

// A transpose of a converted loaded value transposes it in the load's
// layout, with the dimensions permuted: the two conversions around it
// become one, after it.
// CHECK-DAG: #[[LD:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[LDT:.*]] = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: func.func @trans_where_loaded
// CHECK: %[[L:.*]] = tkc.load %{{.*}} : tensor<64x32x!tkc.ptr<f32>, #[[LD]]>
// CHECK: %[[T:.*]] = tkc.trans %[[L]] {order = array<i32: 1, 0>} : tensor<64x32xf32, #[[LD]]> -> tensor<32x64xf32, #[[LDT]]>
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %[[T]] : tensor<32x64xf32, #[[LDT]]> -> tensor<32x64xf32, #{{blocked[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: return %[[C]]
func.func @trans_where_loaded(%p: tensor<64x32x!tkc.ptr<f32>, #ld>) -> tensor<32x64xf32, #st> {
  %v = tkc.load %p : tensor<64x32x!tkc.ptr<f32>, #ld>
  %vd = tkc_gpu.convert_layout %v : tensor<64x32xf32, #ld> -> tensor<64x32xf32, #d>
  %t = tkc.trans %vd {order = array<i32: 1, 0>} : tensor<64x32xf32, #d> -> tensor<32x64xf32, #dt>
  %c = tkc_gpu.convert_layout %t : tensor<32x64xf32, #dt> -> tensor<32x64xf32, #st>
  return %c : tensor<32x64xf32, #st>
}

// -----

#ld = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#d = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#dj = #tkc_gpu.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#dt = #tkc_gpu.blocked<{sizePerThread = [1, 2, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [1, 2, 0]}>
#st = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>

// An int4 weight's two nibbles, unpacked from one load and converted for a
// join, an interleaving transpose and a reshape (int4 GEMMs): the join is
// done in the load's layout extended by the pair, and the transpose and
// reshape follow it there, moving no data; one conversion is left, after
// the reshape.
// CHECK-DAG: #[[LD:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[JL:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 8, 2], threadsPerWarp = [2, 16, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[RL:.*]] = #tkc_gpu.blocked<{sizePerThread = [2, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func.func @join_where_loaded
// CHECK: %[[L:.*]] = tkc.load %{{.*}} : tensor<32x128x!tkc.ptr<i8>, #[[LD]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.join %{{.*}}, %{{.*}} : tensor<32x128xbf16, #[[LD]]> -> tensor<32x128x2xbf16, #[[JL]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[R:.*]] = tkc.reshape %{{.*}} : tensor<32x2x128xbf16, #{{blocked[0-9]*}}> -> tensor<64x128xbf16, #[[RL]]>
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %[[R]] : tensor<64x128xbf16, #[[RL]]> -> tensor<64x128xbf16, #{{blocked[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: return %[[C]]
func.func @join_where_loaded(%p: tensor<32x128x!tkc.ptr<i8>, #ld>) -> tensor<64x128xbf16, #st> {
  %v = tkc.load %p : tensor<32x128x!tkc.ptr<i8>, #ld>
  %four = arith.constant dense<4> : tensor<32x128xi8, #ld>
  %shl = arith.shli %v, %four : tensor<32x128xi8, #ld>
  %lo = arith.shrsi %shl, %four : tensor<32x128xi8, #ld>
  %hi = arith.shrsi %v, %four : tensor<32x128xi8, #ld>
  %flo = arith.sitofp %lo : tensor<32x128xi8, #ld> to tensor<32x128xbf16, #ld>
  %fhi = arith.sitofp %hi : tensor<32x128xi8, #ld> to tensor<32x128xbf16, #ld>
  %clo = tkc_gpu.convert_layout %flo : tensor<32x128xbf16, #ld> -> tensor<32x128xbf16, #d>
  %chi = tkc_gpu.convert_layout %fhi : tensor<32x128xbf16, #ld> -> tensor<32x128xbf16, #d>
  %j = tkc.join %clo, %chi : tensor<32x128xbf16, #d> -> tensor<32x128x2xbf16, #dj>
  %t = tkc.trans %j {order = array<i32: 0, 2, 1>} : tensor<32x128x2xbf16, #dj> -> tensor<32x2x128xbf16, #dt>
  %r = tkc.reshape %t : tensor<32x2x128xbf16, #dt> -> tensor<64x128xbf16, #d>
  %c = tkc_gpu.convert_layout %r : tensor<64x128xbf16, #d> -> tensor<64x128xbf16, #st>
  return %c : tensor<64x128xbf16, #st>
}

// -----

#d = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#dt = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#st = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>

// A transpose of values computed from splats and ranges is recomputed in
// the layout its user wants: the operand in that layout permuted back.
// CHECK-DAG: #[[ST:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[BACK:.*]] = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: func.func @trans_recomputed
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.splat %{{.*}} : tensor<64x32xi32, #[[BACK]]>
// CHECK: %[[T:.*]] = tkc.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x32xi32, #[[BACK]]> -> tensor<32x64xi32, #[[ST]]>
// CHECK: return %[[T]]
func.func @trans_recomputed(%x: i32) -> tensor<32x64xi32, #st> {
  %s = tkc.splat %x : tensor<64x32xi32, #d>
  %t = tkc.trans %s {order = array<i32: 1, 0>} : tensor<64x32xi32, #d> -> tensor<32x64xi32, #dt>
  %c = tkc_gpu.convert_layout %t : tensor<32x64xi32, #dt> -> tensor<32x64xi32, #st>
  return %c : tensor<32x64xi32, #st>
}

// -----

#ld = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#d = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#d2 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#st = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>

// A reshape of a converted loaded value reshapes it in a layout where each
// thread keeps the elements it loaded; one conversion remains, after it.
// CHECK-DAG: #[[LD:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[LDR:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: func.func @reshape_where_loaded
// CHECK: %[[L:.*]] = tkc.load %{{.*}} : tensor<2048x!tkc.ptr<f32>, #[[LD]]>
// CHECK: %[[R:.*]] = tkc.reshape %[[L]] : tensor<2048xf32, #[[LD]]> -> tensor<4x512xf32, #[[LDR]]>
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %[[R]] : tensor<4x512xf32, #[[LDR]]> -> tensor<4x512xf32, #{{blocked[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: return %[[C]]
func.func @reshape_where_loaded(%p: tensor<2048x!tkc.ptr<f32>, #ld>) -> tensor<4x512xf32, #st> {
  %v = tkc.load %p : tensor<2048x!tkc.ptr<f32>, #ld>
  %vd = tkc_gpu.convert_layout %v : tensor<2048xf32, #ld> -> tensor<2048xf32, #d>
  %r = tkc.reshape %vd : tensor<2048xf32, #d> -> tensor<4x512xf32, #d2>
  %c = tkc_gpu.convert_layout %r : tensor<4x512xf32, #d2> -> tensor<4x512xf32, #st>
  return %c : tensor<4x512xf32, #st>
}

// -----

#t = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#r = #tkc_gpu.blocked<{sizePerThread = [4, 2, 1], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#d3 = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [16, 2, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#k3 = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>

// One step of tl.flip, as the default layouts leave it: the reshape's
// result is in the layout in which it moves no data (#r), and the
// reduction, expand_dims, broadcast and xor around it in the defaults of
// their shapes. The reshape's layout propagates forward through all of
// them, and through the reshape back to the tile's shape, which then needs
// no conversion either: the flip stays in registers.
// CHECK-LABEL: func.func @flip_step
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[R:.*]] = tkc.reshape %{{.*}} : tensor<32x64xi16, #[[T:blocked[0-9]*]]> -> tensor<1024x2x1xi16, #[[RL:blocked[0-9]*]]>
// CHECK: tkc.reduce(%[[R]]) axis = 1 : (tensor<1024x2x1xi16, #[[RL]]>)
// CHECK: tkc.expand_dims {{.*}} -> tensor<1024x1x1xi16, #[[RL]]>
// CHECK: tkc.broadcast {{.*}} -> tensor<1024x2x1xi16, #[[RL]]>
// CHECK: arith.xori {{.*}} : tensor<1024x2x1xi16, #[[RL]]>
// CHECK: %[[B:.*]] = tkc.reshape %{{.*}} : tensor<1024x2x1xi16, #[[RL]]> -> tensor<32x64xi16, #[[T]]>
// CHECK: return %[[B]]
func.func @flip_step(%x: tensor<32x64xi16, #t>) -> tensor<32x64xi16, #t> {
  %r = tkc.reshape %x : tensor<32x64xi16, #t> -> tensor<1024x2x1xi16, #r>
  %rd = tkc_gpu.convert_layout %r : tensor<1024x2x1xi16, #r> -> tensor<1024x2x1xi16, #d3>
  %s = tkc.reduce(%r) axis = 1 : (tensor<1024x2x1xi16, #r>) -> tensor<1024x1xi16, #tkc_gpu.slice<{dim = 1, parent = #r}>> {
  ^bb0(%a: i16, %b: i16):
    %xo = arith.xori %a, %b : i16
    tkc.reduce.return %xo : i16
  }
  %sd = tkc_gpu.convert_layout %s : tensor<1024x1xi16, #tkc_gpu.slice<{dim = 1, parent = #r}>> -> tensor<1024x1xi16, #tkc_gpu.slice<{dim = 1, parent = #k3}>>
  %e = tkc.expand_dims %sd {axis = 1 : i32} : tensor<1024x1xi16, #tkc_gpu.slice<{dim = 1, parent = #k3}>> -> tensor<1024x1x1xi16, #k3>
  %ed = tkc_gpu.convert_layout %e : tensor<1024x1x1xi16, #k3> -> tensor<1024x1x1xi16, #d3>
  %bc = tkc.broadcast %ed : tensor<1024x1x1xi16, #d3> -> tensor<1024x2x1xi16, #d3>
  %y = arith.xori %rd, %bc : tensor<1024x2x1xi16, #d3>
  %back = tkc.reshape %y : tensor<1024x2x1xi16, #d3> -> tensor<32x64xi16, #t>
  return %back : tensor<32x64xi16, #t>
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blk = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#da = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#db = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>

// A running maximum of a dot's rows, as attention keeps it: the dot's
// layout propagates forward through the conversion the default layouts
// needed, the reduction (to its slice) and the loop-carried maximum, so the
// loop carries the slice of the MMA layout and converts nothing; the result
// is converted once, after the loop, for the return.
// CHECK-LABEL: func.func @running_max
// CHECK: scf.for {{.*}} -> (tensor<64xf32, #[[S:slice[0-9]*]]>)
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.dot {{.*}} -> tensor<64x32xf32, #[[M:mma[0-9]*]]>
// CHECK: tkc.reduce(%{{.*}}) axis = 1 : (tensor<64x32xf32, #[[M]]>) -> tensor<64xf32, #[[S]]>
// CHECK: arith.maxnumf {{.*}} : tensor<64xf32, #[[S]]>
// CHECK: scf.yield
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<64xf32, #[[S]]> -> tensor<64xf32, #{{blocked[0-9]*}}>
func.func @running_max(%a: tensor<64x16xf16, #da>, %b: tensor<16x32xf16, #db>, %n: i32) -> tensor<64xf32, #one> {
  %zero = arith.constant dense<0.0> : tensor<64x32xf32, #mma>
  %init = arith.constant dense<0xFF800000> : tensor<64xf32, #one>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64xf32, #one>) : i32 {
    %d = tkc.dot %a, %b, %zero : tensor<64x16xf16, #da> * tensor<16x32xf16, #db> -> tensor<64x32xf32, #mma>
    %c = tkc_gpu.convert_layout %d : tensor<64x32xf32, #mma> -> tensor<64x32xf32, #blk>
    %r = "tkc.reduce"(%c) ({
    ^bb0(%x: f32, %y: f32):
      %t = arith.maxnumf %x, %y : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<64x32xf32, #blk>) -> tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #blk}>>
    %rc = tkc_gpu.convert_layout %r : tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #blk}>> -> tensor<64xf32, #one>
    %next = arith.maxnumf %acc, %rc : tensor<64xf32, #one>
    scf.yield %next : tensor<64xf32, #one>
  }
  return %m : tensor<64xf32, #one>
}

// -----

#blk = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blkt = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#da = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#db = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>

// A state updated with the transpose of a dot, as FLA's chunked recurrences
// do (b_h += tl.trans(tl.dot(b_k, b_v))): the transpose takes the dot's
// layout with it, permuted, the loop carries the state there and converts
// nothing; the state's own transpose, fed to the next dot, is back in the
// MMA layout.
// CHECK-LABEL: func.func @transposed_update
// CHECK: scf.for {{.*}} -> (tensor<64x64xf32, #tkc_gpu.permuted<{order = [1, 0], parent = #[[M:mma[0-9]*]]}>>)
// CHECK: tkc.trans %{{.*}} {{.*}} : tensor<64x64xf32, #tkc_gpu.permuted<{order = [1, 0], parent = #[[M]]}>> -> tensor<64x64xf32, #[[M]]>
// CHECK: %[[D:.*]] = tkc.dot {{.*}} -> tensor<64x64xf32, #[[M]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.trans %[[D]] {{.*}} -> tensor<64x64xf32, #tkc_gpu.permuted<{order = [1, 0], parent = #[[M]]}>>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.yield
func.func @transposed_update(%a: tensor<64x64xf16, #da>, %n: i32) -> tensor<64x64xf32, #blkt> {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %init = arith.constant dense<0.0> : tensor<64x64xf32, #blkt>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %h = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32, #blkt>) : i32 {
    %t = tkc.trans %acc {order = array<i32: 1, 0>} : tensor<64x64xf32, #blkt> -> tensor<64x64xf32, #blk>
    %th = arith.truncf %t : tensor<64x64xf32, #blk> to tensor<64x64xf16, #blk>
    %b = tkc_gpu.convert_layout %th : tensor<64x64xf16, #blk> -> tensor<64x64xf16, #db>
    %d = tkc.dot %a, %b, %zero : tensor<64x64xf16, #da> * tensor<64x64xf16, #db> -> tensor<64x64xf32, #mma>
    %c = tkc_gpu.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blk>
    %dt = tkc.trans %c {order = array<i32: 1, 0>} : tensor<64x64xf32, #blk> -> tensor<64x64xf32, #blkt>
    %next = arith.addf %acc, %dt : tensor<64x64xf32, #blkt>
    scf.yield %next : tensor<64x64xf32, #blkt>
  }
  return %h : tensor<64x64xf32, #blkt>
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#eight = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A bf16 input (coalesced 8 per thread) scaled by fp32 weights (4 per
// thread), as Liger's DyT does: the weights are loaded 8 per thread too, and
// the product is computed and stored there, with no conversion.
// CHECK-LABEL: func.func @mixed_widths
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.load {{.*}} : tensor<1024x!tkc.ptr<f32>, #[[E:blocked[0-9]*]]>
// CHECK: tkc.load {{.*}} : tensor<1024x!tkc.ptr<bf16>, #[[E]]>
// CHECK: arith.mulf {{.*}} : tensor<1024xf32, #[[E]]>
// CHECK: tkc.store {{.*}} : tensor<1024x!tkc.ptr<bf16>, #[[E]]>
func.func @mixed_widths(%w: !tkc.ptr<f32>, %x: !tkc.ptr<bf16>) {
  %range4 = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #four>
  %wbase = tkc.splat %w : tensor<1024x!tkc.ptr<f32>, #four>
  %wptr = tkc.addptr %wbase, %range4 : tensor<1024x!tkc.ptr<f32>, #four>, tensor<1024xi32, #four>
  %wv = tkc.load %wptr : tensor<1024x!tkc.ptr<f32>, #four>
  %range8 = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #eight>
  %xbase = tkc.splat %x : tensor<1024x!tkc.ptr<bf16>, #eight>
  %xptr = tkc.addptr %xbase, %range8 : tensor<1024x!tkc.ptr<bf16>, #eight>, tensor<1024xi32, #eight>
  %xv = tkc.load %xptr : tensor<1024x!tkc.ptr<bf16>, #eight>
  %xf = arith.extf %xv : tensor<1024xbf16, #eight> to tensor<1024xf32, #eight>
  %a = tkc_gpu.convert_layout %wv : tensor<1024xf32, #four> -> tensor<1024xf32, #one>
  %b = tkc_gpu.convert_layout %xf : tensor<1024xf32, #eight> -> tensor<1024xf32, #one>
  %y = arith.mulf %a, %b : tensor<1024xf32, #one>
  %yh = arith.truncf %y : tensor<1024xf32, #one> to tensor<1024xbf16, #one>
  %out = tkc_gpu.convert_layout %yh : tensor<1024xbf16, #one> -> tensor<1024xbf16, #eight>
  tkc.store %xptr, %out : tensor<1024x!tkc.ptr<bf16>, #eight>
  return
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#eight = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#row = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A bf16 tile (8 per thread along rows) scaled by the decay computed from an
// fp32 tile (4 per thread) and a loaded column, as FLA's chunked recurrence
// writes it: the fp32 tile is loaded 8 per thread and the column in a
// slice of the same layout (each access as wide as before), and the decay
// and the product are computed there, with no conversion but the result's.
// CHECK-LABEL: func.func @decayed_tile
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.load {{.*}} : tensor<64x64x!tkc.ptr<bf16>, #[[E:blocked[0-9]*]]>
// CHECK: tkc.load {{.*}} : tensor<64x!tkc.ptr<f32>, #[[S:slice[0-9]*]]>
// CHECK: tkc.load {{.*}} : tensor<64x64x!tkc.ptr<f32>, #[[E]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: arith.subf {{.*}} : tensor<64x64xf32, #[[E]]>
// CHECK: arith.mulf {{.*}} : tensor<64x64xf32, #[[E]]>
// CHECK: tkc_gpu.convert_layout {{.*}} : tensor<64x64xbf16, #[[E]]> -> tensor<64x64xbf16, #{{blocked[0-9]*}}>
// CHECK-NEXT: return
func.func @decayed_tile(%k: !tkc.ptr<bf16>, %g: !tkc.ptr<f32>, %last: !tkc.ptr<f32>) -> tensor<64x64xbf16, #one> {
  %r8 = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #eight}>>
  %e8 = tkc.expand_dims %r8 {axis = 1 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #eight}>> -> tensor<64x1xi32, #eight>
  %o8 = tkc.broadcast %e8 : tensor<64x1xi32, #eight> -> tensor<64x64xi32, #eight>
  %kb = tkc.splat %k : tensor<64x64x!tkc.ptr<bf16>, #eight>
  %kp = tkc.addptr %kb, %o8 : tensor<64x64x!tkc.ptr<bf16>, #eight>, tensor<64x64xi32, #eight>
  %kv = tkc.load %kp : tensor<64x64x!tkc.ptr<bf16>, #eight>
  %lr = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #row>
  %lb = tkc.splat %last : tensor<64x!tkc.ptr<f32>, #row>
  %lp = tkc.addptr %lb, %lr : tensor<64x!tkc.ptr<f32>, #row>, tensor<64xi32, #row>
  %lv = tkc.load %lp : tensor<64x!tkc.ptr<f32>, #row>
  %r4 = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #four}>>
  %e4 = tkc.expand_dims %r4 {axis = 1 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #four}>> -> tensor<64x1xi32, #four>
  %o4 = tkc.broadcast %e4 : tensor<64x1xi32, #four> -> tensor<64x64xi32, #four>
  %gb = tkc.splat %g : tensor<64x64x!tkc.ptr<f32>, #four>
  %gp = tkc.addptr %gb, %o4 : tensor<64x64x!tkc.ptr<f32>, #four>, tensor<64x64xi32, #four>
  %gv = tkc.load %gp : tensor<64x64x!tkc.ptr<f32>, #four>
  %gc = tkc_gpu.convert_layout %gv : tensor<64x64xf32, #four> -> tensor<64x64xf32, #one>
  %lc = tkc_gpu.convert_layout %lv : tensor<64xf32, #row> -> tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #one}>>
  %le = tkc.expand_dims %lc {axis = 1 : i32} : tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #one}>> -> tensor<64x1xf32, #one>
  %lbc = tkc.broadcast %le : tensor<64x1xf32, #one> -> tensor<64x64xf32, #one>
  %d = arith.subf %lbc, %gc : tensor<64x64xf32, #one>
  %x = math.exp2 %d : tensor<64x64xf32, #one>
  %kc = tkc_gpu.convert_layout %kv : tensor<64x64xbf16, #eight> -> tensor<64x64xbf16, #one>
  %kf = arith.extf %kc : tensor<64x64xbf16, #one> to tensor<64x64xf32, #one>
  %y = arith.mulf %kf, %x : tensor<64x64xf32, #one>
  %yh = arith.truncf %y : tensor<64x64xf32, #one> to tensor<64x64xbf16, #one>
  return %yh : tensor<64x64xbf16, #one>
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#st = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>

// An MMA accumulator holds runs of 8 columns per quad of lanes: 16 bytes of
// fp16, so a warp would write each 32-byte sector in two halves. The store
// keeps its coalesced layout (8 elements a thread, 8 lanes along a row: 128
// bytes) and the value is converted, not the store moved.
// CHECK-LABEL: func.func @accumulator_store
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %{{.*}} : tensor<64x64xf16, #[[MMA:mma]]> -> tensor<64x64xf16, #[[ST:blocked[0-9]*]]>
// CHECK: tkc.store %{{.*}}, %[[C]] : tensor<64x64x!tkc.ptr<f16>, #[[ST]]>
func.func @accumulator_store(%acc: tensor<64x64xf32, #mma>, %dst: !tkc.ptr<f16>) {
  %h = arith.truncf %acc : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
  %c = tkc_gpu.convert_layout %h : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #st>
  %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #st}>>
  %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #st}>> -> tensor<1x64xi32, #st>
  %b = tkc.broadcast %e : tensor<1x64xi32, #st> -> tensor<64x64xi32, #st>
  %s = tkc.splat %dst : tensor<64x64x!tkc.ptr<f16>, #st>
  %p = tkc.addptr %s, %b : tensor<64x64x!tkc.ptr<f16>, #st>, tensor<64x64xi32, #st>
  tkc.store %p, %c : tensor<64x64x!tkc.ptr<f16>, #st>
  return
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#st = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#st2 = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>

// An int32 accumulator holds pairs of columns per lane (8 bytes) in whole
// 32-byte sectors per quad; the coalesced layout stores 16 bytes a lane. On
// a target with warpgroup multiplies, whose accumulator this layout is (4
// warps along M), the value is converted (through shared memory: half as
// many stores); on mma.sync targets (measured slower so) and without a
// target, the store moves to the accumulator's layout. Where the coalesced
// layout's accesses are no wider than the pairs, it moves everywhere.
// H90-LABEL: func.func @int32_accumulator_store
// H90: %[[C:.*]] = tkc_gpu.convert_layout %{{.*}} : tensor<64x64xi32, #[[MMA:mma]]> -> tensor<64x64xi32, #[[ST:blocked[0-9]*]]>
// H90: tkc.store %{{.*}}, %[[C]] : tensor<64x64x!tkc.ptr<i32>, #[[ST]]>
// H90-LABEL: func.func @int32_accumulator_store_pairs
// H90-NOT: tkc_gpu.convert_layout %{{.*}} : tensor<64x64xi32
// H90: tkc.store %{{.*}}, %{{.*}} : tensor<64x64x!tkc.ptr<i32>, #[[MMA]]>
// A80-LABEL: func.func @int32_accumulator_store
// A80-NOT: tkc_gpu.convert_layout %{{.*}} : tensor<64x64xi32
// A80: tkc.store %{{.*}}, %{{.*}} : tensor<64x64x!tkc.ptr<i32>, #mma>
// CHECK-LABEL: func.func @int32_accumulator_store
// CHECK-NOT: tkc_gpu.convert_layout %{{.*}} : tensor<64x64xi32
// CHECK: tkc.store %{{.*}}, %{{.*}} : tensor<64x64x!tkc.ptr<i32>, #mma>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
func.func @int32_accumulator_store(%acc: tensor<64x64xi32, #mma>, %dst: !tkc.ptr<i32>) {
  %c = tkc_gpu.convert_layout %acc : tensor<64x64xi32, #mma> -> tensor<64x64xi32, #st>
  %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #st}>>
  %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #st}>> -> tensor<1x64xi32, #st>
  %b = tkc.broadcast %e : tensor<1x64xi32, #st> -> tensor<64x64xi32, #st>
  %s = tkc.splat %dst : tensor<64x64x!tkc.ptr<i32>, #st>
  %p = tkc.addptr %s, %b : tensor<64x64x!tkc.ptr<i32>, #st>, tensor<64x64xi32, #st>
  tkc.store %p, %c : tensor<64x64x!tkc.ptr<i32>, #st>
  return
}
func.func @int32_accumulator_store_pairs(%acc: tensor<64x64xi32, #mma>, %dst: !tkc.ptr<i32>) {
  %c = tkc_gpu.convert_layout %acc : tensor<64x64xi32, #mma> -> tensor<64x64xi32, #st2>
  %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #st2}>>
  %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #st2}>> -> tensor<1x64xi32, #st2>
  %b = tkc.broadcast %e : tensor<1x64xi32, #st2> -> tensor<64x64xi32, #st2>
  %s = tkc.splat %dst : tensor<64x64x!tkc.ptr<i32>, #st2>
  %p = tkc.addptr %s, %b : tensor<64x64x!tkc.ptr<i32>, #st2>, tensor<64x64xi32, #st2>
  tkc.store %p, %c : tensor<64x64x!tkc.ptr<i32>, #st2>
  return
}
}

// -----

#b2 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#b3 = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [8, 2, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>

// tl.arange(0, 2)[None, :, None], with the 1x2 step in the default layout
// of its shape: the range is recomputed in a slice of a slice of the 3-D
// layout instead of converted.
// CHECK: #[[B3:blocked[0-9]*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [8, 2, 2]
// CHECK-NEXT: #[[S:slice[0-9]*]] = #tkc_gpu.slice<{dim = 2, parent = #[[B3]]}>
// CHECK-NEXT: #[[SS:slice[0-9]*]] = #tkc_gpu.slice<{dim = 0, parent = #[[S]]}>
// CHECK-LABEL: func.func @range_in_nested_slice
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.make_range {{.*}} : tensor<2xi32, #[[SS]]>
// CHECK: tkc.expand_dims {{.*}} -> tensor<1x2xi32, #[[S]]>
// CHECK: tkc.expand_dims {{.*}} -> tensor<1x2x1xi32, #[[B3]]>
func.func @range_in_nested_slice() -> tensor<1x2x1xi32, #b3> {
  %r = tkc.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #tkc_gpu.slice<{dim = 0, parent = #b2}>>
  %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<2xi32, #tkc_gpu.slice<{dim = 0, parent = #b2}>> -> tensor<1x2xi32, #b2>
  %c = tkc_gpu.convert_layout %e : tensor<1x2xi32, #b2> -> tensor<1x2xi32, #tkc_gpu.slice<{dim = 2, parent = #b3}>>
  %e2 = tkc.expand_dims %c {axis = 2 : i32} : tensor<1x2xi32, #tkc_gpu.slice<{dim = 2, parent = #b3}>> -> tensor<1x2x1xi32, #b3>
  return %e2 : tensor<1x2x1xi32, #b3>
}

// -----

#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 1]}>
#bl = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#ld = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [0, 1]}>

// A cumulative sum of a dot's result (FLA's gradient of the gates) stays in
// a blocked layout: a scan walks its axis as registers, lanes, then warps,
// which an MMA layout's rows are not. A scan of a converted value in
// another blocked layout moves there instead.
// CHECK-LABEL: func.func @scan_of_dot_result
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %{{.*}} : tensor<64x16xf32, #{{mma[0-9]*}}> -> tensor<64x16xf32, #[[BL:blocked[0-9]*]]>
// CHECK: tkc.scan(%[[C]]) axis = 0 : (tensor<64x16xf32, #[[BL]]>)
// CHECK-LABEL: func.func @scan_of_loaded
// CHECK: %[[L:.*]] = tkc.load %{{.*}} : tensor<64x16x!tkc.ptr<f32>, #[[LD:blocked[0-9]*]]>
// CHECK: tkc.scan(%[[L]]) axis = 0 : (tensor<64x16xf32, #[[LD]]>)
func.func @scan_of_dot_result(%x: tensor<64x16xf32, #mma>) -> tensor<64x16xf32, #bl> {
  %c = tkc_gpu.convert_layout %x : tensor<64x16xf32, #mma> -> tensor<64x16xf32, #bl>
  %s = tkc.scan(%c) axis = 0 : (tensor<64x16xf32, #bl>) -> tensor<64x16xf32, #bl> {
  ^bb0(%a: f32, %b: f32):
    %sum = arith.addf %a, %b : f32
    tkc.scan.return %sum : f32
  }
  return %s : tensor<64x16xf32, #bl>
}
func.func @scan_of_loaded(%p: tensor<64x16x!tkc.ptr<f32>, #ld>) -> tensor<64x16xf32, #bl> {
  %v = tkc.load %p : tensor<64x16x!tkc.ptr<f32>, #ld>
  %c = tkc_gpu.convert_layout %v : tensor<64x16xf32, #ld> -> tensor<64x16xf32, #bl>
  %s = tkc.scan(%c) axis = 0 : (tensor<64x16xf32, #bl>) -> tensor<64x16xf32, #bl> {
  ^bb0(%a: f32, %b: f32):
    %sum = arith.addf %a, %b : f32
    tkc.scan.return %sum : f32
  }
  return %s : tensor<64x16xf32, #bl>
}

// -----

#row = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#a = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>

// A row converted for expand_dims, then converted again after it, is
// converted once, to the slice of the final layout.
// CHECK-LABEL: func.func @row_converted_once
// CHECK-NEXT: %[[R:.*]] = tkc_gpu.convert_layout %arg0 : tensor<64xf32, #{{blocked[0-9]*}}> -> tensor<64xf32, #[[S:slice[0-9]*]]>
// CHECK-NEXT: tkc.expand_dims %[[R]] {axis = 1 : i32} : tensor<64xf32, #[[S]]> -> tensor<64x1xf32, #mma>
// CHECK-NOT: tkc_gpu.convert_layout
func.func @row_converted_once(%row: tensor<64xf32, #row>) -> tensor<64x1xf32, #mma> {
  %c = tkc_gpu.convert_layout %row : tensor<64xf32, #row> -> tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #a}>>
  %e = tkc.expand_dims %c {axis = 1 : i32} : tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #a}>> -> tensor<64x1xf32, #a>
  %m = tkc_gpu.convert_layout %e : tensor<64x1xf32, #a> -> tensor<64x1xf32, #mma>
  return %m : tensor<64x1xf32, #mma>
}

// A loaded row of 64 elements that two layouts take (FLA's last decay of
// a chunk: the state's rows in the accumulator's layout, the keys' rows in
// theirs) is loaded in each: the second read hits the cache, where a
// conversion is a round trip through shared memory.
// CHECK-LABEL: func.func @row_loaded_twice
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[M:.*]] = tkc.load {{.*}} : tensor<64x!tkc.ptr<f32>, #[[SM:slice[0-9]*]]>
// CHECK: math.exp2 %[[M]] : tensor<64xf32, #[[SM]]>
// CHECK: tkc.expand_dims {{.*}} -> tensor<64x1xf32, #mma>
// CHECK: tkc.load {{.*}} : tensor<64x!tkc.ptr<f32>, #{{slice[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
func.func @row_loaded_twice(%p: !tkc.ptr<f32>) -> (tensor<64x1xf32, #mma>, tensor<64x1xf32, #a>) {
  %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #row>
  %s = tkc.splat %p : tensor<64x!tkc.ptr<f32>, #row>
  %ptr = tkc.addptr %s, %r : tensor<64x!tkc.ptr<f32>, #row>, tensor<64xi32, #row>
  %v = tkc.load %ptr : tensor<64x!tkc.ptr<f32>, #row>
  %x = math.exp2 %v : tensor<64xf32, #row>
  %cm = tkc_gpu.convert_layout %x : tensor<64xf32, #row> -> tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #mma}>>
  %em = tkc.expand_dims %cm {axis = 1 : i32} : tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #mma}>> -> tensor<64x1xf32, #mma>
  %ca = tkc_gpu.convert_layout %v : tensor<64xf32, #row> -> tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #a}>>
  %ea = tkc.expand_dims %ca {axis = 1 : i32} : tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #a}>> -> tensor<64x1xf32, #a>
  return %em, %ea : tensor<64x1xf32, #mma>, tensor<64x1xf32, #a>
}

// -----

#row = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#a = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>

// A mask of loaded row indices computed before a loop and converted in it
// (vLLM's MoE kernel: `token_mask[:, None] & (offs_k < K - k * BLOCK_K)`):
// its indices are loaded again in the loop's layout before the loop, not on
// every iteration; the comparison is recomputed in the loop.
// CHECK-LABEL: func.func @invariant_mask_in_loop
// CHECK: tkc.load {{.*}} : tensor<16x!tkc.ptr<i32>, #{{blocked[0-9]*}}>
// CHECK: %[[IDS:.*]] = tkc.load {{.*}} : tensor<16x!tkc.ptr<i32>, #[[S:slice[0-9]*]]>
// CHECK: scf.for
// CHECK-NOT: tkc.load
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: arith.cmpi slt, %[[IDS]], {{.*}} : tensor<16xi32, #[[S]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.store
func.func @invariant_mask_in_loop(%ids: !tkc.ptr<i32>, %valid: i32, %n: i32, %out: tensor<16x256x!tkc.ptr<f32>, #a>) -> tensor<16xi32, #row> {
  %r = tkc.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #row>
  %s = tkc.splat %ids : tensor<16x!tkc.ptr<i32>, #row>
  %p = tkc.addptr %s, %r : tensor<16x!tkc.ptr<i32>, #row>, tensor<16xi32, #row>
  %tok = tkc.load %p : tensor<16x!tkc.ptr<i32>, #row>
  %v = tkc.splat %valid : tensor<16xi32, #row>
  %mask = arith.cmpi slt, %tok, %v : tensor<16xi32, #row>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<16x256xf32, #a>
  scf.for %k = %c0 to %n step %c1 : i32 {
    %cm = tkc_gpu.convert_layout %mask : tensor<16xi1, #row> -> tensor<16xi1, #tkc_gpu.slice<{dim = 1, parent = #a}>>
    %em = tkc.expand_dims %cm {axis = 1 : i32} : tensor<16xi1, #tkc_gpu.slice<{dim = 1, parent = #a}>> -> tensor<16x1xi1, #a>
    %bm = tkc.broadcast %em : tensor<16x1xi1, #a> -> tensor<16x256xi1, #a>
    tkc.store %out, %zero, %bm : tensor<16x256x!tkc.ptr<f32>, #a>
  }
  return %tok : tensor<16xi32, #row>
}

// -----

// Three loop-carried values updated from each other and from a load in
// another layout (a Welford loop's mean, count and sum of squares, written
// here): the count, whose update needs no conversion, follows the mean it
// scales into the load's layout, so all three are carried there and the
// loop converts nothing. Each argument moves at most kMaxMoves times, so
// that such values cannot take each other's layouts in turn until the
// rewrite bound (17 s and chains of thousands of conversions on the initial
// values before); the move count does not outlive the pass.
#blocked = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked4 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#slice = #tkc_gpu.slice<{dim = 1, parent = #blocked2}>
#slice1 = #tkc_gpu.slice<{dim = 0, parent = #blocked}>
#slice2 = #tkc_gpu.slice<{dim = 1, parent = #blocked}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @welford_loop
  // CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %cst{{[_0-9]*}}, %{{.*}} = %cst{{[_0-9]*}}, %{{.*}} = %cst{{[_0-9]*}}) -> (tensor<64x64xf32, [[L:#[a-z0-9]+]]>, tensor<64x64xf32, [[L]]>, tensor<64x64xf32, [[L]]>)
  // CHECK-NOT: convert_layout
  // CHECK: scf.yield
  // CHECK-NOT: tkc_gpu.carried_moves
  func.func @welford_loop(%arg0: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %arg1: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %arg2: i32, %arg3: i32) {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<64x64xf32, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %c64_i32 = arith.constant 64 : i32
    %0 = tkc.program_id 0
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked1>
    %3 = tkc_gpu.convert_layout %2 : tensor<64xi32, #blocked1> -> tensor<64xi32, #slice>
    %4 = tkc.expand_dims %3 {axis = 1 : i32} : tensor<64xi32, #slice> -> tensor<64x1xi32, #blocked2>
    %5 = tkc.splat %1 : tensor<64x1xi32, #blocked2>
    %6 = arith.addi %5, %4 : tensor<64x1xi32, #blocked2>
    %7 = tkc.splat %arg2 : tensor<64x1xi32, #blocked2>
    %8 = arith.cmpi slt, %6, %7 : tensor<64x1xi32, #blocked2>
    %9 = tkc_gpu.convert_layout %2 : tensor<64xi32, #blocked1> -> tensor<64xi32, #slice1>
    %10 = tkc.expand_dims %9 {axis = 0 : i32} : tensor<64xi32, #slice1> -> tensor<1x64xi32, #blocked>
    %11 = tkc.splat %arg3 : tensor<1x64xi32, #blocked>
    %12 = tkc_gpu.convert_layout %8 : tensor<64x1xi1, #blocked2> -> tensor<64x1xi1, #blocked>
    %13 = tkc.broadcast %12 : tensor<64x1xi1, #blocked> -> tensor<64x64xi1, #blocked>
    %14 = tkc.splat %arg3 : tensor<64x1xi32, #blocked2>
    %15 = arith.muli %6, %14 : tensor<64x1xi32, #blocked2>
    %16 = tkc.splat %arg0 : tensor<64x1x!tkc.ptr<f16>, #blocked2>
    %17 = tkc.addptr %16, %15 : tensor<64x1x!tkc.ptr<f16>, #blocked2>, tensor<64x1xi32, #blocked2>
    %18 = tkc_gpu.convert_layout %17 : tensor<64x1x!tkc.ptr<f16>, #blocked2> -> tensor<64x1x!tkc.ptr<f16>, #blocked>
    %19 = tkc.broadcast %18 : tensor<64x1x!tkc.ptr<f16>, #blocked> -> tensor<64x64x!tkc.ptr<f16>, #blocked>
    %20:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c64_i32 iter_args(%arg5 = %cst_2, %arg6 = %cst_2, %arg7 = %cst_2) -> (tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>)  : i32 {
      %33 = tkc.splat %arg4 : tensor<1x64xi32, #blocked>
      %34 = arith.addi %33, %10 : tensor<1x64xi32, #blocked>
      %35 = arith.cmpi slt, %34, %11 : tensor<1x64xi32, #blocked>
      %36 = tkc.broadcast %35 : tensor<1x64xi1, #blocked> -> tensor<64x64xi1, #blocked>
      %37 = arith.andi %13, %36 : tensor<64x64xi1, #blocked>
      %38 = tkc.broadcast %34 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
      %39 = tkc.addptr %19, %38 : tensor<64x64x!tkc.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %40 = tkc_gpu.convert_layout %39 : tensor<64x64x!tkc.ptr<f16>, #blocked> -> tensor<64x64x!tkc.ptr<f16>, #blocked3>
      %41 = tkc_gpu.convert_layout %37 : tensor<64x64xi1, #blocked> -> tensor<64x64xi1, #blocked3>
      %42 = tkc_gpu.convert_layout %cst_1 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked3>
      %43 = tkc.load %40, %41, %42 : tensor<64x64x!tkc.ptr<f16>, #blocked3>
      %44 = tkc_gpu.convert_layout %43 : tensor<64x64xf16, #blocked3> -> tensor<64x64xf16, #blocked>
      %45 = arith.extf %44 : tensor<64x64xf16, #blocked> to tensor<64x64xf32, #blocked>
      %46 = arith.uitofp %37 : tensor<64x64xi1, #blocked> to tensor<64x64xf32, #blocked>
      %47 = arith.addf %arg7, %46 : tensor<64x64xf32, #blocked>
      %48 = arith.mulf %arg6, %arg7 : tensor<64x64xf32, #blocked>
      %49 = arith.addf %48, %45 : tensor<64x64xf32, #blocked>
      %50 = arith.maxnumf %47, %cst_0 : tensor<64x64xf32, #blocked>
      %51 = arith.divf %49, %50 : tensor<64x64xf32, #blocked>
      %52 = arith.subf %45, %51 : tensor<64x64xf32, #blocked>
      %53 = arith.subf %45, %arg6 : tensor<64x64xf32, #blocked>
      %54 = arith.mulf %52, %53 : tensor<64x64xf32, #blocked>
      %55 = arith.mulf %54, %46 : tensor<64x64xf32, #blocked>
      %56 = arith.addf %arg5, %55 : tensor<64x64xf32, #blocked>
      scf.yield %56, %51, %47 : tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>
    }
    %21:3 = tkc.reduce(%20#1, %20#2, %20#0) axis = 1 : (tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>, tensor<64x64xf32, #blocked>) -> (tensor<64xf32, #slice2>, tensor<64xf32, #slice2>, tensor<64xf32, #slice2>) {
    ^bb0(%arg4: f32, %arg5: f32, %arg6: f32, %arg7: f32, %arg8: f32, %arg9: f32):
      %33 = arith.addf %arg5, %arg8 : f32
      %34 = arith.maxnumf %33, %cst : f32
      %35 = arith.mulf %arg4, %arg5 : f32
      %36 = arith.mulf %arg7, %arg8 : f32
      %37 = arith.addf %35, %36 : f32
      %38 = arith.divf %37, %34 : f32
      %39 = arith.addf %arg6, %arg9 : f32
      %40 = arith.subf %arg7, %arg4 : f32
      %41 = arith.mulf %40, %40 : f32
      %42 = arith.mulf %41, %arg5 : f32
      %43 = arith.mulf %42, %arg8 : f32
      %44 = arith.divf %43, %34 : f32
      %45 = arith.addf %39, %44 : f32
      tkc.reduce.return %38, %33, %45 : f32, f32, f32
    }
    %22 = tkc_gpu.convert_layout %21#0 : tensor<64xf32, #slice2> -> tensor<64xf32, #blocked1>
    %23 = tkc_gpu.convert_layout %21#1 : tensor<64xf32, #slice2> -> tensor<64xf32, #blocked1>
    %24 = tkc_gpu.convert_layout %21#2 : tensor<64xf32, #slice2> -> tensor<64xf32, #blocked1>
    %25 = tkc.splat %arg1 : tensor<64x1x!tkc.ptr<f32>, #blocked2>
    %26 = tkc.addptr %25, %6 : tensor<64x1x!tkc.ptr<f32>, #blocked2>, tensor<64x1xi32, #blocked2>
    %27 = arith.divf %24, %23 : tensor<64xf32, #blocked1>
    %28 = tkc_gpu.convert_layout %27 : tensor<64xf32, #blocked1> -> tensor<64xf32, #slice>
    %29 = tkc.expand_dims %28 {axis = 1 : i32} : tensor<64xf32, #slice> -> tensor<64x1xf32, #blocked2>
    %30 = tkc_gpu.convert_layout %26 : tensor<64x1x!tkc.ptr<f32>, #blocked2> -> tensor<64x1x!tkc.ptr<f32>, #blocked4>
    %31 = tkc_gpu.convert_layout %29 : tensor<64x1xf32, #blocked2> -> tensor<64x1xf32, #blocked4>
    %32 = tkc_gpu.convert_layout %8 : tensor<64x1xi1, #blocked2> -> tensor<64x1xi1, #blocked4>
    tkc.store %30, %31, %32 : tensor<64x1x!tkc.ptr<f32>, #blocked4>
    return
  }
}

// -----

// A weighted sum of a tile's rows carried across iterations (FLA's attnres
// forward: each iteration reduces a [4, 256] tile over its rows into the
// sum): the sum takes the reduction's slice, which holds it in as many
// registers as the loop's own layout, so the loop converts nothing. After
// the loop, what is computed from it stays in the slice, and the store of a
// value loaded in a blocked layout holding it in the same registers (a
// conversion that moves no data) combines the two there.
#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#two = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#rows = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @weighted_rows
  // CHECK: scf.for {{.*}} -> (tensor<256xf32, #[[S:slice[0-9]*]]>)
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: scf.yield
  // CHECK: arith.divf %{{.*}}, %{{.*}} : tensor<256xf32, #[[S]]>
  // CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<256xf32, #[[S]]>
  // CHECK: tkc.store
  func.func @weighted_rows(%p: tensor<4x256x!tkc.ptr<f32>, #rows>, %w: tensor<256x!tkc.ptr<f32>, #two>, %o: tensor<256x!tkc.ptr<f32>, #two>, %n: i32, %d: f32) {
    %zero = arith.constant dense<0.0> : tensor<256xf32, #one>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> (tensor<256xf32, #one>) : i32 {
      %t = tkc.load %p : tensor<4x256x!tkc.ptr<f32>, #rows>
      %r = "tkc.reduce"(%t) ({
      ^bb0(%a: f32, %b: f32):
        %u = arith.addf %a, %b : f32
        tkc.reduce.return %u : f32
      }) {axis = 0 : i32} : (tensor<4x256xf32, #rows>) -> tensor<256xf32, #tkc_gpu.slice<{dim = 0, parent = #rows}>>
      %rc = tkc_gpu.convert_layout %r : tensor<256xf32, #tkc_gpu.slice<{dim = 0, parent = #rows}>> -> tensor<256xf32, #one>
      %k = arith.sitofp %i : i32 to f32
      %ks = tkc.splat %k : tensor<256xf32, #one>
      %scaled = arith.mulf %s, %ks : tensor<256xf32, #one>
      %next = arith.addf %scaled, %rc : tensor<256xf32, #one>
      scf.yield %next : tensor<256xf32, #one>
    }
    %ds = tkc.splat %d : tensor<256xf32, #one>
    %mean = arith.divf %acc, %ds : tensor<256xf32, #one>
    %wv = tkc.load %w : tensor<256x!tkc.ptr<f32>, #two>
    %wc = tkc_gpu.convert_layout %wv : tensor<256xf32, #two> -> tensor<256xf32, #one>
    %out = arith.mulf %mean, %wc : tensor<256xf32, #one>
    %oc = tkc_gpu.convert_layout %out : tensor<256xf32, #one> -> tensor<256xf32, #two>
    tkc.store %o, %oc : tensor<256x!tkc.ptr<f32>, #two>
    return
  }
}

// -----

// Inductor's Welford loop (torch.compile): the loaded tile is converted to
// the loop's default layout, the first iteration takes it as it is through
// a run-time branch, later ones update the mean and sum of squares from it,
// and the count grows from constants alone. The load's layout propagates
// through the branch to the mean and sum of squares, the count joins the
// layout its siblings now have, and the loop converts nothing.
#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#eight = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @inductor_welford
  // CHECK: scf.for {{.*}} -> (tensor<1024xf32, #[[L:blocked[0-9]*]]>, tensor<1024xf32, #[[L]]>, tensor<1024xf32, #[[L]]>)
  // CHECK: tkc.load {{.*}} : tensor<1024x!tkc.ptr<f32>, #[[L]]>
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: scf.if {{.*}} -> (tensor<1024xf32, #[[L]]>, tensor<1024xf32, #[[L]]>, tensor<1024xf32, #[[L]]>)
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: scf.yield
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: scf.yield
  func.func @inductor_welford(%p: tensor<1024x!tkc.ptr<f32>, #eight>, %n: i32) -> (tensor<1024xf32, #one>, tensor<1024xf32, #one>, tensor<1024xf32, #one>) {
    %zero = arith.constant dense<0.0> : tensor<1024xf32, #one>
    %ones = arith.constant dense<1.0> : tensor<1024xf32, #one>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%mean = %zero, %m2 = %zero, %w = %zero) -> (tensor<1024xf32, #one>, tensor<1024xf32, #one>, tensor<1024xf32, #one>) : i32 {
      %t = tkc.load %p : tensor<1024x!tkc.ptr<f32>, #eight>
      %x = tkc_gpu.convert_layout %t : tensor<1024xf32, #eight> -> tensor<1024xf32, #one>
      %first = arith.cmpi eq, %i, %c0 : i32
      %u:3 = scf.if %first -> (tensor<1024xf32, #one>, tensor<1024xf32, #one>, tensor<1024xf32, #one>) {
        scf.yield %x, %zero, %ones : tensor<1024xf32, #one>, tensor<1024xf32, #one>, tensor<1024xf32, #one>
      } else {
        %d = arith.subf %x, %mean : tensor<1024xf32, #one>
        %w2 = arith.addf %w, %ones : tensor<1024xf32, #one>
        %q = arith.divf %d, %w2 : tensor<1024xf32, #one>
        %mean2 = arith.addf %mean, %q : tensor<1024xf32, #one>
        %e = arith.subf %x, %mean2 : tensor<1024xf32, #one>
        %f = arith.mulf %d, %e : tensor<1024xf32, #one>
        %s = arith.addf %m2, %f : tensor<1024xf32, #one>
        scf.yield %mean2, %s, %w2 : tensor<1024xf32, #one>, tensor<1024xf32, #one>, tensor<1024xf32, #one>
      }
      scf.yield %u#0, %u#1, %u#2 : tensor<1024xf32, #one>, tensor<1024xf32, #one>, tensor<1024xf32, #one>
    }
    return %r#0, %r#1, %r#2 : tensor<1024xf32, #one>, tensor<1024xf32, #one>, tensor<1024xf32, #one>
  }
}

// -----

// Inductor's column reductions (layer norm backward): a loop carries a tile
// computed from three loads, one coalesced along rows and two along columns,
// and reduces it after the loop. The tile takes the layout of the two
// loads, so one load is converted each iteration, not three; the reduction
// after the loop follows it in a slice of that layout.
#rows = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#cols = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @inductor_column_loads
  // CHECK: scf.for {{.*}} -> (tensor<64x8xf32, #[[C:blocked[0-9]*]]>)
  // CHECK: tkc.load {{.*}} : tensor<64x8x!tkc.ptr<f32>, #[[R:blocked[0-9]*]]>
  // CHECK: tkc_gpu.convert_layout {{.*}} #[[R]]> -> tensor<64x8xf32, #[[C]]>
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: scf.yield
  // CHECK: tkc.reduce({{.*}}) axis = 1 : (tensor<64x8xf32, #[[C]]>)
  func.func @inductor_column_loads(%a: tensor<64x8x!tkc.ptr<f32>, #rows>, %b: tensor<64x8x!tkc.ptr<f32>, #cols>, %c: tensor<64x8x!tkc.ptr<f32>, #cols>, %n: i32) -> tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #acc}>> {
    %zero = arith.constant dense<0.0> : tensor<64x8xf32, #acc>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> (tensor<64x8xf32, #acc>) : i32 {
      %x = tkc.load %a : tensor<64x8x!tkc.ptr<f32>, #rows>
      %xa = tkc_gpu.convert_layout %x : tensor<64x8xf32, #rows> -> tensor<64x8xf32, #acc>
      %y = tkc.load %b : tensor<64x8x!tkc.ptr<f32>, #cols>
      %ya = tkc_gpu.convert_layout %y : tensor<64x8xf32, #cols> -> tensor<64x8xf32, #acc>
      %z = tkc.load %c : tensor<64x8x!tkc.ptr<f32>, #cols>
      %za = tkc_gpu.convert_layout %z : tensor<64x8xf32, #cols> -> tensor<64x8xf32, #acc>
      %d = arith.subf %xa, %ya : tensor<64x8xf32, #acc>
      %e = arith.mulf %d, %za : tensor<64x8xf32, #acc>
      %t = arith.addf %s, %e : tensor<64x8xf32, #acc>
      scf.yield %t : tensor<64x8xf32, #acc>
    }
    %sum = tkc.reduce(%r) axis = 1 : (tensor<64x8xf32, #acc>) -> tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #acc}>> {
    ^bb0(%p: f32, %q: f32):
      %v = arith.addf %p, %q : f32
      tkc.reduce.return %v : f32
    }
    return %sum : tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #acc}>>
  }
}

// -----

#col = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#d = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// A transposed row of scales ([1, 16]) broadcast over a 16x16 tile: the
// transpose's layout, made for the row, would replicate the tile across
// the threads (16 registers each instead of 2), so its propagation stops
// at the broadcast; the row is converted, and the product is computed
// once, in the tile's layout.
// CHECK-DAG: #[[D:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func.func @transposed_scales
// CHECK: tkc.broadcast {{.*}} -> tensor<16x16xf32, #[[D]]>
// CHECK-NOT: tkc.broadcast
// CHECK: arith.mulf {{.*}} : tensor<16x16xf32, #[[D]]>
// CHECK-NOT: arith.mulf
// CHECK: scf.if
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @transposed_scales(%pa: tensor<16x16x!tkc.ptr<f32>, #d>, %ps: tensor<16x1x!tkc.ptr<f16>, #col>, %out: tensor<16x16x!tkc.ptr<f32>, #d>, %c: i1, %bias: tensor<16x16xf32, #d>) {
    %acc = tkc.load %pa : tensor<16x16x!tkc.ptr<f32>, #d>
    %s = tkc.load %ps : tensor<16x1x!tkc.ptr<f16>, #col>
    %t = tkc.trans %s {order = array<i32: 1, 0>} : tensor<16x1xf16, #col> -> tensor<1x16xf16, #row>
    %td = tkc_gpu.convert_layout %t : tensor<1x16xf16, #row> -> tensor<1x16xf16, #d>
    %te = arith.extf %td : tensor<1x16xf16, #d> to tensor<1x16xf32, #d>
    %bc = tkc.broadcast %te : tensor<1x16xf32, #d> -> tensor<16x16xf32, #d>
    %m = arith.mulf %bc, %acc : tensor<16x16xf32, #d>
    %r = scf.if %c -> (tensor<16x16xf32, #d>) {
      %a = arith.addf %m, %bias : tensor<16x16xf32, #d>
      scf.yield %a : tensor<16x16xf32, #d>
    } else {
      scf.yield %m : tensor<16x16xf32, #d>
    }
    tkc.store %out, %r : tensor<16x16x!tkc.ptr<f32>, #d>
    return
  }
}

// -----

#row = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#a = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>

// Row offsets taken modulo a run-time M before a loop and converted in it
// (vLLM's block-fp8 matmul: `offs_am % M`, for its scales' pointers): the
// remainder is recomputed in the loop's layout before the loop, once; the
// cheap ops after it are recomputed in the loop.
// CHECK-LABEL: func.func @remainder_before_loop
// CHECK: %[[REM:.*]] = arith.remsi {{.*}} : tensor<16xi32, #[[S:slice[0-9]*]]>
// CHECK: scf.for
// CHECK-NOT: arith.remsi
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: arith.cmpi slt, %[[REM]], {{.*}} : tensor<16xi32, #[[S]]>
// CHECK: tkc.store
func.func @remainder_before_loop(%m: i32, %valid: i32, %n: i32, %out: tensor<16x256x!tkc.ptr<f32>, #a>) -> tensor<16xi32, #row> {
  %r = tkc.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #row>
  %ms = tkc.splat %m : tensor<16xi32, #row>
  %rows = arith.remsi %r, %ms : tensor<16xi32, #row>
  %v = tkc.splat %valid : tensor<16xi32, #row>
  %mask = arith.cmpi slt, %rows, %v : tensor<16xi32, #row>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<16x256xf32, #a>
  scf.for %k = %c0 to %n step %c1 : i32 {
    %cm = tkc_gpu.convert_layout %mask : tensor<16xi1, #row> -> tensor<16xi1, #tkc_gpu.slice<{dim = 1, parent = #a}>>
    %em = tkc.expand_dims %cm {axis = 1 : i32} : tensor<16xi1, #tkc_gpu.slice<{dim = 1, parent = #a}>> -> tensor<16x1xi1, #a>
    %bm = tkc.broadcast %em : tensor<16x1xi1, #a> -> tensor<16x256xi1, #a>
    tkc.store %out, %zero, %bm : tensor<16x256x!tkc.ptr<f32>, #a>
  }
  return %rows : tensor<16xi32, #row>
}

// -----

#row = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tile = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>

// A vector loaded through a pointer the loop advances, computed on and
// converted to the rows of a tile it scales (Mamba's chunk state: its decay
// and dt): the load is issued in the rows instead, the loop carries the
// pointer there, and nothing is converted in the loop.
// CHECK: #[[ROWS:slice[0-9]*]] = #tkc_gpu.slice<{dim = 1, parent = #blocked{{[0-9]*}}}>
// CHECK-LABEL: func.func @advanced_pointer_reissued
// CHECK: scf.for {{.*}} -> (tensor<32x!tkc.ptr<f32>, #[[ROWS]]>)
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.load %{{.*}} : tensor<32x!tkc.ptr<f32>, #[[ROWS]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.yield
func.func @advanced_pointer_reissued(%pd: !tkc.ptr<f32>, %out: tensor<32x128x!tkc.ptr<f32>, #tile>, %b: tensor<32x128xf32, #tile>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %range = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #row>
  %base = tkc.splat %pd : tensor<32x!tkc.ptr<f32>, #row>
  %p0 = tkc.addptr %base, %range : tensor<32x!tkc.ptr<f32>, #row>, tensor<32xi32, #row>
  %step = arith.constant dense<32> : tensor<32xi32, #row>
  %last = arith.constant dense<1.0> : tensor<32xf32, #row>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%p = %p0) -> (tensor<32x!tkc.ptr<f32>, #row>) : i32 {
    %d = tkc.load %p : tensor<32x!tkc.ptr<f32>, #row>
    %diff = arith.subf %last, %d : tensor<32xf32, #row>
    %e = math.exp %diff : tensor<32xf32, #row>
    %c = tkc_gpu.convert_layout %e : tensor<32xf32, #row> -> tensor<32xf32, #tkc_gpu.slice<{dim = 1, parent = #tile}>>
    %x = tkc.expand_dims %c {axis = 1 : i32} : tensor<32xf32, #tkc_gpu.slice<{dim = 1, parent = #tile}>> -> tensor<32x1xf32, #tile>
    %bx = tkc.broadcast %x : tensor<32x1xf32, #tile> -> tensor<32x128xf32, #tile>
    %scaled = arith.mulf %b, %bx : tensor<32x128xf32, #tile>
    tkc.store %out, %scaled : tensor<32x128x!tkc.ptr<f32>, #tile>
    %next = tkc.addptr %p, %step : tensor<32x!tkc.ptr<f32>, #row>, tensor<32xi32, #row>
    scf.yield %next : tensor<32x!tkc.ptr<f32>, #row>
  }
  return
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#vec = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

// Pointers advanced before their load, which fetches the next iteration's
// tile at the end of this one (DeepSpeed's fp8 matmul): the advanced
// pointers are only yielded and converted for the coalesced load, so the
// loop carries them in the load's layout and converts no pointer.
// CHECK-LABEL: func.func @advanced_then_loaded
// CHECK: scf.for {{.*}} iter_args(%[[P:[^ ]*]] = %{{[^,]*}}, %{{[^)]*}}) -> (tensor<32x32x!tkc.ptr<f16>, #[[VEC:blocked[0-9]*]]>, tensor<32x32xf16, #[[VEC]]>)
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.addptr %[[P]], %{{.*}} : tensor<32x32x!tkc.ptr<f16>, #[[VEC]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.load %{{.*}} : tensor<32x32x!tkc.ptr<f16>, #[[VEC]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.yield
func.func @advanced_then_loaded(%pa: !tkc.ptr<f16>, %stride: i32, %n: i32) -> tensor<32x32xf16, #one> {
  %step = tkc.splat %stride : tensor<32x32xi32, #one>
  %a0 = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #one>
  %a0v = tkc_gpu.convert_layout %a0 : tensor<32x32x!tkc.ptr<f16>, #one> -> tensor<32x32x!tkc.ptr<f16>, #vec>
  %t0v = tkc.load %a0v : tensor<32x32x!tkc.ptr<f16>, #vec>
  %t0 = tkc_gpu.convert_layout %t0v : tensor<32x32xf16, #vec> -> tensor<32x32xf16, #one>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a0, %t = %t0) -> (tensor<32x32x!tkc.ptr<f16>, #one>, tensor<32x32xf16, #one>) : i32 {
    %p2 = tkc.addptr %p, %step : tensor<32x32x!tkc.ptr<f16>, #one>, tensor<32x32xi32, #one>
    %pv = tkc_gpu.convert_layout %p2 : tensor<32x32x!tkc.ptr<f16>, #one> -> tensor<32x32x!tkc.ptr<f16>, #vec>
    %t2v = tkc.load %pv : tensor<32x32x!tkc.ptr<f16>, #vec>
    %t2 = tkc_gpu.convert_layout %t2v : tensor<32x32xf16, #vec> -> tensor<32x32xf16, #one>
    scf.yield %p2, %t2 : tensor<32x32x!tkc.ptr<f16>, #one>, tensor<32x32xf16, #one>
  }
  return %r#1 : tensor<32x32xf16, #one>
}

// -----

#row = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#cols = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#few = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>

// A loaded row that two layouts take is loaded again only in those where
// each thread holds few of its elements: one element a thread in #few,
// but 32 in #cols (as a warpgroup accumulator's columns hold vLLM's
// block-fp8 scales), which a conversion gives for one load a thread.
// CHECK-LABEL: func.func @row_wide_in_one_layout
// CHECK: %[[V:.*]] = tkc.load {{.*}} : tensor<128x!tkc.ptr<f32>, #[[ROW:blocked[0-9]*]]>
// CHECK: tkc_gpu.convert_layout %[[V]] : tensor<128xf32, #[[ROW]]> -> tensor<128xf32, #[[COLS:slice[0-9]*]]>
// CHECK: tkc.load {{.*}} : tensor<128x!tkc.ptr<f32>, #[[FEW:slice[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
func.func @row_wide_in_one_layout(%p: !tkc.ptr<f32>) -> (tensor<1x128xf32, #cols>, tensor<1x128xf32, #few>) {
  %r = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #row>
  %s = tkc.splat %p : tensor<128x!tkc.ptr<f32>, #row>
  %ptr = tkc.addptr %s, %r : tensor<128x!tkc.ptr<f32>, #row>, tensor<128xi32, #row>
  %v = tkc.load %ptr : tensor<128x!tkc.ptr<f32>, #row>
  %cc = tkc_gpu.convert_layout %v : tensor<128xf32, #row> -> tensor<128xf32, #tkc_gpu.slice<{dim = 0, parent = #cols}>>
  %ec = tkc.expand_dims %cc {axis = 0 : i32} : tensor<128xf32, #tkc_gpu.slice<{dim = 0, parent = #cols}>> -> tensor<1x128xf32, #cols>
  %cf = tkc_gpu.convert_layout %v : tensor<128xf32, #row> -> tensor<128xf32, #tkc_gpu.slice<{dim = 0, parent = #few}>>
  %ef = tkc.expand_dims %cf {axis = 0 : i32} : tensor<128xf32, #tkc_gpu.slice<{dim = 0, parent = #few}>> -> tensor<1x128xf32, #few>
  return %ec, %ef : tensor<1x128xf32, #cols>, tensor<1x128xf32, #few>
}

// -----

#q = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#v = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#w = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>

// A reshape whose result is wanted in a slice that gives every thread the
// whole vector (AWQ's shift amounts: a 4x2 range reshaped to 8, taken by
// each row of a tile) is recomputed from a source in which every thread
// holds the whole 4x2: the ranges fold to constants, with no conversion.
// CHECK-DAG: #[[WHOLE:.*]] = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func.func @reshape_into_slice
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[A:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<4x2xi32, #[[WHOLE]]>
// CHECK: %[[R:.*]] = tkc.reshape %[[A]] : tensor<4x2xi32, #[[WHOLE]]> -> tensor<8xi32, #{{slice[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: return %[[R]]
func.func @reshape_into_slice() -> tensor<8xi32, #tkc_gpu.slice<{dim = 0, parent = #w}>> {
  %c4 = arith.constant dense<4> : tensor<2xi32, #tkc_gpu.slice<{dim = 0, parent = #q}>>
  %cols = tkc.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #tkc_gpu.slice<{dim = 0, parent = #q}>>
  %scaled = arith.muli %cols, %c4 : tensor<2xi32, #tkc_gpu.slice<{dim = 0, parent = #q}>>
  %row = tkc.expand_dims %scaled {axis = 0 : i32} : tensor<2xi32, #tkc_gpu.slice<{dim = 0, parent = #q}>> -> tensor<1x2xi32, #q>
  %rowb = tkc.broadcast %row : tensor<1x2xi32, #q> -> tensor<4x2xi32, #q>
  %rows = tkc.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #tkc_gpu.slice<{dim = 1, parent = #q}>>
  %col = tkc.expand_dims %rows {axis = 1 : i32} : tensor<4xi32, #tkc_gpu.slice<{dim = 1, parent = #q}>> -> tensor<4x1xi32, #q>
  %colb = tkc.broadcast %col : tensor<4x1xi32, #q> -> tensor<4x2xi32, #q>
  %sum = arith.addi %rowb, %colb : tensor<4x2xi32, #q>
  %flat = tkc.reshape %sum : tensor<4x2xi32, #q> -> tensor<8xi32, #v>
  %c = tkc_gpu.convert_layout %flat : tensor<8xi32, #v> -> tensor<8xi32, #tkc_gpu.slice<{dim = 0, parent = #w}>>
  return %c : tensor<8xi32, #tkc_gpu.slice<{dim = 0, parent = #w}>>
}

// -----

#v = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#p = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

// Offsets carried by a loop and advanced by a constant, taken in two
// layouts (AWQ's K offsets: the columns of one tile's mask, the rows of
// another): the loop carries a copy in each, advanced there, and converts
// nothing in its body.
// CHECK-LABEL: func.func @offsets_in_two_layouts
// CHECK: scf.for {{.*}} -> (tensor<32xi32, #{{blocked[0-9]*}}>, tensor<32x32xi32, #{{blocked[0-9]*}}>, tensor<32xi32, #{{slice[0-9]*}}>, tensor<32xi32, #{{slice[0-9]*}}>)
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<32xi32, #{{slice[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.yield
func.func @offsets_in_two_layouts(%k: i32, %n: i32) -> tensor<32x32xi32, #p> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = arith.constant dense<32> : tensor<32xi32, #v>
  %first = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #v>
  %zero = arith.constant dense<0> : tensor<32x32xi32, #p>
  %bound = tkc.splat %k : tensor<32xi32, #v>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%offs = %first, %acc = %zero) -> (tensor<32xi32, #v>, tensor<32x32xi32, #p>) : i32 {
    %m = arith.cmpi slt, %offs, %bound : tensor<32xi32, #v>
    %mc = tkc_gpu.convert_layout %m : tensor<32xi1, #v> -> tensor<32xi1, #tkc_gpu.slice<{dim = 0, parent = #p}>>
    %rows = tkc_gpu.convert_layout %offs : tensor<32xi32, #v> -> tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #p}>>
    %mce = tkc.expand_dims %mc {axis = 0 : i32} : tensor<32xi1, #tkc_gpu.slice<{dim = 0, parent = #p}>> -> tensor<1x32xi1, #p>
    %mcb = tkc.broadcast %mce : tensor<1x32xi1, #p> -> tensor<32x32xi1, #p>
    %re = tkc.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #p}>> -> tensor<32x1xi32, #p>
    %rb = tkc.broadcast %re : tensor<32x1xi32, #p> -> tensor<32x32xi32, #p>
    %kept = arith.select %mcb, %rb, %zero : tensor<32x32xi1, #p>, tensor<32x32xi32, #p>
    %sum = arith.addi %acc, %kept : tensor<32x32xi32, #p>
    %next = arith.addi %offs, %step : tensor<32xi32, #v>
    scf.yield %next, %sum : tensor<32xi32, #v>, tensor<32x32xi32, #p>
  }
  return %r#1 : tensor<32x32xi32, #p>
}

// -----

#s = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#q = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#w = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

// Offsets carried by a loop, expanded to rows and scaled (or compared) only
// then converted, for the rows of two loads in two layouts (lightning
// attention's block offsets: `off_block[:, None] * d`): the loop carries a
// copy in the slice of each load's layout, and the expand_dims and the ops
// after it are recomputed from the copy; the body converts nothing.
// CHECK-LABEL: func.func @offsets_expanded_in_two_layouts
// CHECK: scf.for {{.*}} -> (tensor<64xi32, #{{slice[0-9]*}}>, tensor<64x128xf16, #{{blocked[0-9]*}}>, tensor<64x32xf16, #{{blocked[0-9]*}}>, tensor<64xi32, #{{slice[0-9]*}}>, tensor<64xi32, #{{slice[0-9]*}}>)
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.yield
func.func @offsets_expanded_in_two_layouts(%x: !tkc.ptr<f16>, %y: !tkc.ptr<f16>, %n: i32) -> (tensor<64x128xf16, #q>, tensor<64x32xf16, #w>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = arith.constant dense<64> : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #s}>>
  %first = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #s}>>
  %stride = arith.constant dense<128> : tensor<64x1xi32, #s>
  %limit = arith.constant dense<4096> : tensor<64x1xi32, #s>
  %xs = tkc.splat %x : tensor<64x128x!tkc.ptr<f16>, #q>
  %ys = tkc.splat %y : tensor<64x32x!tkc.ptr<f16>, #w>
  %zx = arith.constant dense<0.0> : tensor<64x128xf16, #q>
  %zy = arith.constant dense<0.0> : tensor<64x32xf16, #w>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%offs = %first, %ax = %zx, %ay = %zy) -> (tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #s}>>, tensor<64x128xf16, #q>, tensor<64x32xf16, #w>) : i32 {
    %e = tkc.expand_dims %offs {axis = 1 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #s}>> -> tensor<64x1xi32, #s>
    %rows = arith.muli %e, %stride : tensor<64x1xi32, #s>
    %in = arith.cmpi slt, %e, %limit : tensor<64x1xi32, #s>
    %rq = tkc_gpu.convert_layout %rows : tensor<64x1xi32, #s> -> tensor<64x1xi32, #q>
    %mq = tkc_gpu.convert_layout %in : tensor<64x1xi1, #s> -> tensor<64x1xi1, #q>
    %rqb = tkc.broadcast %rq : tensor<64x1xi32, #q> -> tensor<64x128xi32, #q>
    %mqb = tkc.broadcast %mq : tensor<64x1xi1, #q> -> tensor<64x128xi1, #q>
    %px = tkc.addptr %xs, %rqb : tensor<64x128x!tkc.ptr<f16>, #q>, tensor<64x128xi32, #q>
    %vx = tkc.load %px, %mqb : tensor<64x128x!tkc.ptr<f16>, #q>
    %rw = tkc_gpu.convert_layout %rows : tensor<64x1xi32, #s> -> tensor<64x1xi32, #w>
    %mw = tkc_gpu.convert_layout %in : tensor<64x1xi1, #s> -> tensor<64x1xi1, #w>
    %rwb = tkc.broadcast %rw : tensor<64x1xi32, #w> -> tensor<64x32xi32, #w>
    %mwb = tkc.broadcast %mw : tensor<64x1xi1, #w> -> tensor<64x32xi1, #w>
    %py = tkc.addptr %ys, %rwb : tensor<64x32x!tkc.ptr<f16>, #w>, tensor<64x32xi32, #w>
    %vy = tkc.load %py, %mwb : tensor<64x32x!tkc.ptr<f16>, #w>
    %sx = arith.addf %ax, %vx : tensor<64x128xf16, #q>
    %sy = arith.addf %ay, %vy : tensor<64x32xf16, #w>
    %next = arith.addi %offs, %step : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #s}>>
    scf.yield %next, %sx, %sy : tensor<64xi32, #tkc_gpu.slice<{dim = 1, parent = #s}>>, tensor<64x128xf16, #q>, tensor<64x32xf16, #w>
  }
  return %r#1, %r#2 : tensor<64x128xf16, #q>, tensor<64x32xf16, #w>
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#eight = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// An upcast as coalescing leaves it: the load and the store each in their
// own layout, the cast in the frontend's one element per thread. The store
// waits for the load's conversion to sink through the cast, then keeps its
// 16-byte stores, the value converted from the load's layout before the
// cast; it does not take the cast's layout on the way (4-byte stores).
// CHECK-DAG: #[[L:.*]] = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[S:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func.func @upcast_keeps_wide_stores
// CHECK: %[[V:.*]] = tkc.load {{.*}} : tensor<1024x!tkc.ptr<f16>, #[[L]]>
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %[[V]] : tensor<1024xf16, #[[L]]> -> tensor<1024xf16, #[[S]]>
// CHECK: %[[W:.*]] = arith.extf %[[C]] : tensor<1024xf16, #[[S]]> to tensor<1024xf32, #[[S]]>
// CHECK: tkc.store %{{.*}}, %[[W]] : tensor<1024x!tkc.ptr<f32>, #[[S]]>
func.func @upcast_keeps_wide_stores(%src: !tkc.ptr<f16>, %dst: !tkc.ptr<f32>) {
  %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #one>
  %s = tkc.splat %src : tensor<1024x!tkc.ptr<f16>, #one>
  %p = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f16>, #one>, tensor<1024xi32, #one>
  %pl = tkc_gpu.convert_layout %p : tensor<1024x!tkc.ptr<f16>, #one> -> tensor<1024x!tkc.ptr<f16>, #eight>
  %v = tkc.load %pl : tensor<1024x!tkc.ptr<f16>, #eight>
  %v1 = tkc_gpu.convert_layout %v : tensor<1024xf16, #eight> -> tensor<1024xf16, #one>
  %w = arith.extf %v1 : tensor<1024xf16, #one> to tensor<1024xf32, #one>
  %d = tkc.splat %dst : tensor<1024x!tkc.ptr<f32>, #one>
  %q = tkc.addptr %d, %r : tensor<1024x!tkc.ptr<f32>, #one>, tensor<1024xi32, #one>
  %qs = tkc_gpu.convert_layout %q : tensor<1024x!tkc.ptr<f32>, #one> -> tensor<1024x!tkc.ptr<f32>, #four>
  %ws = tkc_gpu.convert_layout %w : tensor<1024xf32, #one> -> tensor<1024xf32, #four>
  tkc.store %qs, %ws : tensor<1024x!tkc.ptr<f32>, #four>
  return
}

// -----

#ld = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
#row = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 2, 1], order = [2, 1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 2, 1], order = [2, 1, 0]}>

// A loaded tile converted to a slice, expanded, widened, then converted
// again for its broadcast (TE's mHC kernel): one conversion, straight to the
// slice of the broadcast's layout, where it is expanded and widened.
// CHECK-LABEL: func.func @convert_expand_convert
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %{{.*}} : tensor<4x256xbf16, #{{blocked[0-9]*}}> -> tensor<4x256xbf16, #[[S:slice[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[E:.*]] = tkc.expand_dims %[[C]] {axis = 2 : i32} : tensor<4x256xbf16, #[[S]]> -> tensor<4x256x1xbf16, #[[ACC:blocked[0-9]*]]>
// CHECK: arith.extf %[[E]] : tensor<4x256x1xbf16, #[[ACC]]> to tensor<4x256x1xf32, #[[ACC]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.broadcast {{.*}} -> tensor<4x256x4xf32, #[[ACC]]>
func.func @convert_expand_convert(%p: tensor<4x256x!tkc.ptr<bf16>, #ld>) -> tensor<4x256x4xf32, #acc> {
  %x = tkc.load %p : tensor<4x256x!tkc.ptr<bf16>, #ld>
  %s = tkc_gpu.convert_layout %x : tensor<4x256xbf16, #ld> -> tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>>
  %e = tkc.expand_dims %s {axis = 2 : i32} : tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>> -> tensor<4x256x1xbf16, #row>
  %w = arith.extf %e : tensor<4x256x1xbf16, #row> to tensor<4x256x1xf32, #row>
  %c = tkc_gpu.convert_layout %w : tensor<4x256x1xf32, #row> -> tensor<4x256x1xf32, #acc>
  %b = tkc.broadcast %c : tensor<4x256x1xf32, #acc> -> tensor<4x256x4xf32, #acc>
  return %b : tensor<4x256x4xf32, #acc>
}

// -----

#ld = #tkc_gpu.blocked<{sizePerThread = [1, 2, 2, 2], threadsPerWarp = [1, 32, 1, 1], warpsPerCTA = [1, 2, 1, 1], order = [3, 2, 1, 0]}>
#d = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 8, 2, 2], warpsPerCTA = [1, 2, 1, 1], order = [3, 2, 1, 0]}>
#half = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 16, 2], warpsPerCTA = [1, 2, 1], order = [2, 1, 0]}>
#one = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>

// A loaded tile split twice after a conversion (TE's mHC kernel): the
// splits happen where the tile was loaded, each thread holding both halves
// of its pairs, and only the quarters are converted.
// CHECK-LABEL: func.func @split_where_loaded
// CHECK: %[[X:.*]] = tkc.load %{{.*}} : tensor<4x256x2x2x!tkc.ptr<bf16>, #[[LD:blocked[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.split %[[X]] : tensor<4x256x2x2xbf16, #[[LD]]> -> tensor<4x256x2xbf16, #[[H:blocked[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.split %{{.*}} : tensor<4x256x2xbf16, #[[H]]> -> tensor<4x256xbf16, #[[Q:blocked[0-9]*]]>
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<4x256xbf16, #[[Q]]> -> tensor<4x256xbf16, #{{blocked[0-9]*}}>
func.func @split_where_loaded(%p: tensor<4x256x2x2x!tkc.ptr<bf16>, #ld>) -> (tensor<4x256xbf16, #one>, tensor<4x256xbf16, #one>) {
  %x = tkc.load %p : tensor<4x256x2x2x!tkc.ptr<bf16>, #ld>
  %c = tkc_gpu.convert_layout %x : tensor<4x256x2x2xbf16, #ld> -> tensor<4x256x2x2xbf16, #d>
  %lo, %hi = tkc.split %c : tensor<4x256x2x2xbf16, #d> -> tensor<4x256x2xbf16, #half>
  %a, %b = tkc.split %lo : tensor<4x256x2xbf16, #half> -> tensor<4x256xbf16, #one>
  return %a, %b : tensor<4x256xbf16, #one>, tensor<4x256xbf16, #one>
}

// -----

#pair = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
#pairs = #tkc_gpu.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 2, 1], order = [2, 1, 0]}>
#one = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [1, 2, 4], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 2, 1], order = [2, 1, 0]}>
#row = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 2, 1], order = [2, 1, 0]}>

// Split halves converted to a slice whose threads hold them in the same
// registers (a tile's quarters, two per thread, and the slice of the accumulator
// that keeps two columns per thread) are no leaves to budget: the product
// of four of them, as many elements as the conversion of the product, is
// recomputed in the accumulator's layout, with no conversion that moves
// data.
// CHECK-LABEL: func.func @same_registers_leaf
// CHECK-COUNT-4: tkc_gpu.convert_layout %{{.*}} : tensor<4x256xbf16, #{{blocked[0-9]*}}> -> tensor<4x256xbf16, #{{slice[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: arith.mulf {{.*}} : tensor<4x256x4xf32, #{{blocked[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: return
func.func @same_registers_leaf(%p0: tensor<4x256x2xbf16, #pairs>, %p1: tensor<4x256x2xbf16, #pairs>) -> tensor<4x256x4xf32, #acc> {
  %q0, %q1 = tkc.split %p0 : tensor<4x256x2xbf16, #pairs> -> tensor<4x256xbf16, #pair>
  %q2, %q3 = tkc.split %p1 : tensor<4x256x2xbf16, #pairs> -> tensor<4x256xbf16, #pair>
  %s0 = tkc_gpu.convert_layout %q0 : tensor<4x256xbf16, #pair> -> tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>>
  %s1 = tkc_gpu.convert_layout %q1 : tensor<4x256xbf16, #pair> -> tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>>
  %s2 = tkc_gpu.convert_layout %q2 : tensor<4x256xbf16, #pair> -> tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>>
  %s3 = tkc_gpu.convert_layout %q3 : tensor<4x256xbf16, #pair> -> tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>>
  %e0 = tkc.expand_dims %s0 {axis = 2 : i32} : tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>> -> tensor<4x256x1xbf16, #row>
  %e1 = tkc.expand_dims %s1 {axis = 2 : i32} : tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>> -> tensor<4x256x1xbf16, #row>
  %e2 = tkc.expand_dims %s2 {axis = 2 : i32} : tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>> -> tensor<4x256x1xbf16, #row>
  %e3 = tkc.expand_dims %s3 {axis = 2 : i32} : tensor<4x256xbf16, #tkc_gpu.slice<{dim = 2, parent = #row}>> -> tensor<4x256x1xbf16, #row>
  %m0 = arith.mulf %e0, %e1 : tensor<4x256x1xbf16, #row>
  %m1 = arith.mulf %e2, %e3 : tensor<4x256x1xbf16, #row>
  %m2 = arith.mulf %m0, %m1 : tensor<4x256x1xbf16, #row>
  %w = arith.extf %m2 : tensor<4x256x1xbf16, #row> to tensor<4x256x1xf32, #row>
  %b = tkc.broadcast %w : tensor<4x256x1xf32, #row> -> tensor<4x256x4xf32, #row>
  %m = arith.mulf %b, %b : tensor<4x256x4xf32, #row>
  %c = tkc_gpu.convert_layout %m : tensor<4x256x4xf32, #row> -> tensor<4x256x4xf32, #acc>
  return %c : tensor<4x256x4xf32, #acc>
}

// -----

#blk = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blk3 = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 16, 2], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#half = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#st = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#da = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#db = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>

// A fused MoE's gate and up halves, interleaved in its accumulator
// (acc.reshape(M, N // 2, 2).split()): the dot's layout propagates through
// the reshape (into a linear layout of the same registers: no blocked one
// keeps them) and the split (its side is one register bit of it), and
// through the product of the halves; only the fp16 result is converted,
// for the store.
// CHECK-LABEL: func.func @accumulator_halves
// CHECK: %[[D:.*]] = tkc.dot {{.*}} -> tensor<64x64xf32, #[[M:mma[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[R:.*]] = tkc.reshape %[[D]] : tensor<64x64xf32, #[[M]]> -> tensor<64x32x2xf32, #[[P:linear[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.split %[[R]] : tensor<64x32x2xf32, #[[P]]> -> tensor<64x32xf32, #[[H:linear[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: arith.truncf %{{.*}} : tensor<64x32xf32, #[[H]]> to tensor<64x32xf16, #[[H]]>
// CHECK-NEXT: tkc_gpu.convert_layout %{{.*}} : tensor<64x32xf16, #[[H]]> -> tensor<64x32xf16, #{{blocked[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.store
func.func @accumulator_halves(%a: tensor<64x16xf16, #da>, %b: tensor<16x64xf16, #db>, %p: tensor<64x32x!tkc.ptr<f16>, #st>) {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tkc.dot %a, %b, %zero : tensor<64x16xf16, #da> * tensor<16x64xf16, #db> -> tensor<64x64xf32, #mma>
  %c = tkc_gpu.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blk>
  %r = tkc.reshape %c : tensor<64x64xf32, #blk> -> tensor<64x32x2xf32, #blk3>
  %gate, %up = tkc.split %r : tensor<64x32x2xf32, #blk3> -> tensor<64x32xf32, #half>
  %y = arith.mulf %gate, %up : tensor<64x32xf32, #half>
  %h = arith.truncf %y : tensor<64x32xf32, #half> to tensor<64x32xf16, #half>
  %s = tkc_gpu.convert_layout %h : tensor<64x32xf16, #half> -> tensor<64x32xf16, #st>
  tkc.store %p, %s : tensor<64x32x!tkc.ptr<f16>, #st>
  return
}

// -----

#p = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#v = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#q = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>

// A reduction's result (the slice of a layout with the reduced pairs in
// registers: the slice holds each element once) reshaped, as a tournament
// (tl.topk) reshapes and reduces again: the reshape takes the slice as it
// is, with no linear layout and no conversion, since the slice's elements
// lie where the reshape's layout wants them.
// CHECK-LABEL: func.func @reshape_of_copies
// CHECK-NOT: #linear
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.reshape %{{.*}} : tensor<128xi32, #slice{{[0-9]*}}> -> tensor<64x2xi32, #{{blocked[0-9]*}}>
func.func @reshape_of_copies(%x: tensor<128x2xi32, #p>) -> tensor<64x2xi32, #q> {
  %r = "tkc.reduce"(%x) ({
  ^bb0(%a: i32, %b: i32):
    %m = arith.maxsi %a, %b : i32
    tkc.reduce.return %m : i32
  }) {axis = 1 : i32} : (tensor<128x2xi32, #p>) -> tensor<128xi32, #tkc_gpu.slice<{dim = 1, parent = #p}>>
  %c = tkc_gpu.convert_layout %r : tensor<128xi32, #tkc_gpu.slice<{dim = 1, parent = #p}>> -> tensor<128xi32, #v>
  %s = tkc.reshape %c : tensor<128xi32, #v> -> tensor<64x2xi32, #q>
  return %s : tensor<64x2xi32, #q>
}

// -----

// An FMA dot's accumulator carried beside two tiles of its shape in another
// layout (attention's output next to the queries, on a target without a
// matrix instruction for the dot): the siblings' layout does not take the
// accumulator, whose update the dot pins to its own; the loop converts
// nothing but the dot's operands (and the accumulator's loop result keeps
// the type of its iteration argument).
#one = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @fma_accumulator_beside_tiles
  // CHECK: scf.for {{.*}} -> (tensor<32x32xf32, #[[ONE:blocked[0-9]*]]>, tensor<32x32xf32, #[[ONE]]>, tensor<32x32xf32, #[[ACC:blocked[0-9]*]]>)
  // CHECK-NOT: tkc_gpu.convert_layout {{.*}} -> tensor<32x32xf32
  // CHECK: tkc.dot {{.*}} -> tensor<32x32xf32, #[[ACC]]>
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: scf.yield
  func.func @fma_accumulator_beside_tiles(%x0: tensor<32x32xf32, #one>, %a: tensor<32x32xf16, #a>, %b: tensor<32x32xf16, #b>, %n: i32) -> (tensor<32x32xf32, #one>, tensor<32x32xf32, #one>, tensor<32x32xf32, #acc>) {
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #acc>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0, %y = %x0, %acc = %zero) -> (tensor<32x32xf32, #one>, tensor<32x32xf32, #one>, tensor<32x32xf32, #acc>) : i32 {
      %x2 = arith.addf %x, %y : tensor<32x32xf32, #one>
      %y2 = arith.mulf %y, %x : tensor<32x32xf32, #one>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
      scf.yield %x2, %y2, %d : tensor<32x32xf32, #one>, tensor<32x32xf32, #one>, tensor<32x32xf32, #acc>
    }
    return %r#0, %r#1, %r#2 : tensor<32x32xf32, #one>, tensor<32x32xf32, #one>, tensor<32x32xf32, #acc>
  }
}

// -----

#row = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#tile = #tkc_gpu.blocked<{sizePerThread = [1, 32], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mid = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>

// A row of 256 scales loaded once for a 32x256 tile (vLLM's AWQ
// dequantization), both converted for their product: the product takes
// the tile's layout (the longer runs), where each thread would load 32 of
// the scales and each scale would be loaded by 16 of the 128 threads, so
// the row is loaded in its own layout and converted.
// CHECK-LABEL: func.func @broadcast_row_not_reissued
// CHECK: %[[S:.*]] = tkc.load %{{.*}} : tensor<1x256x!tkc.ptr<f16>, #[[ROW:blocked[0-9]*]]>
// CHECK: tkc_gpu.convert_layout %[[S]] : tensor<1x256xf16, #[[ROW]]> -> tensor<1x256xf16, #[[TILE:blocked[0-9]*]]>
// CHECK: arith.mulf %{{.*}} : tensor<32x256xf16, #[[TILE]]>
func.func @broadcast_row_not_reissued(%scales: !tkc.ptr<f16>, %pw: tensor<32x256x!tkc.ptr<f16>, #tile>, %out: tensor<32x256x!tkc.ptr<f16>, #mid>) {
  %range = tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 0, parent = #row}>>
  %cols = tkc.expand_dims %range {axis = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 0, parent = #row}>> -> tensor<1x256xi32, #row>
  %base = tkc.splat %scales : tensor<1x256x!tkc.ptr<f16>, #row>
  %ps = tkc.addptr %base, %cols : tensor<1x256x!tkc.ptr<f16>, #row>, tensor<1x256xi32, #row>
  %s = tkc.load %ps : tensor<1x256x!tkc.ptr<f16>, #row>
  %c = tkc_gpu.convert_layout %s : tensor<1x256xf16, #row> -> tensor<1x256xf16, #mid>
  %b = tkc.broadcast %c : tensor<1x256xf16, #mid> -> tensor<32x256xf16, #mid>
  %w = tkc.load %pw : tensor<32x256x!tkc.ptr<f16>, #tile>
  %wc = tkc_gpu.convert_layout %w : tensor<32x256xf16, #tile> -> tensor<32x256xf16, #mid>
  %m = arith.mulf %wc, %b : tensor<32x256xf16, #mid>
  tkc.store %out, %m : tensor<32x256x!tkc.ptr<f16>, #mid>
  return
}

// -----

#row = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#tile = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>

// A query row of 128 fp16 elements at an offset of unknown alignment
// (LightLLM's token attention: `Q + off_q + start_mark`), broadcast over
// the rows of its keys' 32x128 tile: in the tile's columns each thread
// would load 8 of them one by one, 4 times as many accesses as the row's
// own 2, so the row is loaded in its own layout and converted. Aligned,
// the 8 go in one access and the row is loaded in the tile's columns.
// CHECK-LABEL: func.func @unaligned_row_not_reissued
// CHECK: %[[Q:.*]] = tkc.load %{{.*}} : tensor<128x!tkc.ptr<f16>, #[[ROW:blocked[0-9]*]]>
// CHECK: tkc_gpu.convert_layout %[[Q]] : tensor<128xf16, #[[ROW]]> -> tensor<128xf16, #{{slice[0-9]*}}>
// CHECK-LABEL: func.func @aligned_row_reissued
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.load %{{.*}} : tensor<128x!tkc.ptr<f16>, #{{slice[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
func.func @unaligned_row_not_reissued(%q: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %off: i32, %k: tensor<32x128xf16, #tile>) -> tensor<32x128xf16, #tile> {
  %r = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #row>
  %o = tkc.splat %off : tensor<128xi32, #row>
  %i = arith.addi %r, %o : tensor<128xi32, #row>
  %s = tkc.splat %q : tensor<128x!tkc.ptr<f16>, #row>
  %p = tkc.addptr %s, %i : tensor<128x!tkc.ptr<f16>, #row>, tensor<128xi32, #row>
  %v = tkc.load %p : tensor<128x!tkc.ptr<f16>, #row>
  %c = tkc_gpu.convert_layout %v : tensor<128xf16, #row> -> tensor<128xf16, #tkc_gpu.slice<{dim = 0, parent = #tile}>>
  %e = tkc.expand_dims %c {axis = 0 : i32} : tensor<128xf16, #tkc_gpu.slice<{dim = 0, parent = #tile}>> -> tensor<1x128xf16, #tile>
  %b = tkc.broadcast %e : tensor<1x128xf16, #tile> -> tensor<32x128xf16, #tile>
  %m = arith.mulf %b, %k : tensor<32x128xf16, #tile>
  return %m : tensor<32x128xf16, #tile>
}
func.func @aligned_row_reissued(%q: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %k: tensor<32x128xf16, #tile>) -> tensor<32x128xf16, #tile> {
  %r = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #row>
  %s = tkc.splat %q : tensor<128x!tkc.ptr<f16>, #row>
  %p = tkc.addptr %s, %r : tensor<128x!tkc.ptr<f16>, #row>, tensor<128xi32, #row>
  %v = tkc.load %p : tensor<128x!tkc.ptr<f16>, #row>
  %c = tkc_gpu.convert_layout %v : tensor<128xf16, #row> -> tensor<128xf16, #tkc_gpu.slice<{dim = 0, parent = #tile}>>
  %e = tkc.expand_dims %c {axis = 0 : i32} : tensor<128xf16, #tkc_gpu.slice<{dim = 0, parent = #tile}>> -> tensor<1x128xf16, #tile>
  %b = tkc.broadcast %e : tensor<1x128xf16, #tile> -> tensor<32x128xf16, #tile>
  %m = arith.mulf %b, %k : tensor<32x128xf16, #tile>
  return %m : tensor<32x128xf16, #tile>
}

// -----

#ld = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#pairs = #tkc_gpu.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#wide = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#tile = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>

// A packed row interleaved with itself (AWQ's zeros: tl.interleave, a join
// and a reshape) and taken in a tile's layout: the join and reshape are
// recomputed there and the row loaded in the layout whose pairs they make,
// so nothing is converted.
// CHECK-LABEL: func.func @join_recomputed
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.load %{{.*}} : tensor<1x32x!tkc.ptr<i32>, #[[HALF:blocked[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.join
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: return
func.func @join_recomputed(%zeros: !tkc.ptr<i32>, %pw: tensor<32x64x!tkc.ptr<i32>, #tile>) {
  %range = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #ld}>>
  %cols = tkc.expand_dims %range {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #ld}>> -> tensor<1x32xi32, #ld>
  %base = tkc.splat %zeros : tensor<1x32x!tkc.ptr<i32>, #ld>
  %pz = tkc.addptr %base, %cols : tensor<1x32x!tkc.ptr<i32>, #ld>, tensor<1x32xi32, #ld>
  %z = tkc.load %pz : tensor<1x32x!tkc.ptr<i32>, #ld>
  %j = tkc.join %z, %z : tensor<1x32xi32, #ld> -> tensor<1x32x2xi32, #pairs>
  %r = tkc.reshape %j : tensor<1x32x2xi32, #pairs> -> tensor<1x64xi32, #wide>
  %c = tkc_gpu.convert_layout %r : tensor<1x64xi32, #wide> -> tensor<1x64xi32, #tile>
  %b = tkc.broadcast %c : tensor<1x64xi32, #tile> -> tensor<32x64xi32, #tile>
  %w = tkc.load %pw : tensor<32x64x!tkc.ptr<i32>, #tile>
  %s = arith.shrui %w, %b : tensor<32x64xi32, #tile>
  tkc.store %pw, %s : tensor<32x64x!tkc.ptr<i32>, #tile>
  return
}

// -----

#rows = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>

// An accumulator scaled by a transposed column of scales (vLLM's scaled
// matmul): the product runs in the accumulator's layout, the 64 scales
// converted to it, not the 64x64 accumulator to the scales' layout.
// CHECK-LABEL: func.func @sink_past_small_operand
// CHECK: %[[T:.*]] = tkc.trans %{{.*}} : tensor<64x1xf32, #{{.*}}> -> tensor<1x64xf32, #[[COLS:blocked[0-9]*]]>
// CHECK: tkc_gpu.convert_layout %[[T]] : tensor<1x64xf32, #[[COLS]]> -> tensor<1x64xf32, #[[MMA:mma]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %{{.*}} : tensor<64x64xf32, #[[MMA]]>
// CHECK: tkc_gpu.convert_layout %[[M]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[COLS]]>
func.func @sink_past_small_operand(%acc: tensor<64x64xf32, #mma>, %scales: tensor<64x1x!tkc.ptr<f32>, #rows>) -> tensor<64x64xf32, #cols> {
  %s = tkc.load %scales : tensor<64x1x!tkc.ptr<f32>, #rows>
  %t = tkc.trans %s {order = array<i32: 1, 0>} : tensor<64x1xf32, #rows> -> tensor<1x64xf32, #cols>
  %b = tkc.broadcast %t : tensor<1x64xf32, #cols> -> tensor<64x64xf32, #cols>
  %c = tkc_gpu.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #cols>
  %m = arith.mulf %b, %c : tensor<64x64xf32, #cols>
  return %m : tensor<64x64xf32, #cols>
}

// -----

// An if in an if (a row scale loaded, or one number for every row, or that
// number divided, chosen at run time) whose result the loop converts to a
// row's slice. Counting the inner if's result as recomputable let
// IfResultInBranchLayout move the outer result back and forth between the
// branches' layouts, and IfResultInUsersLayout undo it, until the rewrite
// bound (20 s of compilation; 7 conversions left instead of 3). Both ifs
// keep their branches' layout; one conversion takes the scale to the rows.
// CHECK-LABEL: func.func @scaled_rows
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.if %{{.*}} -> (tensor<32xf32, #[[B:blocked[0-9]*]]>)
// CHECK: scf.if %{{.*}} -> (tensor<32xf32, #[[B]]>)
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<32xf32, #[[B]]> -> tensor<32xf32, #{{.*}}>
// CHECK-COUNT-2: tkc_gpu.convert_layout %{{.*}} : tensor<32x32xf32, #{{.*}}> -> tensor<32x32xf32, #dot_op{{.*}}>
// CHECK-NOT: tkc_gpu.convert_layout
#blocked = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked4 = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked5 = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#dot_op = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#dot_op1 = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
#slice = #tkc_gpu.slice<{dim = 1, parent = #blocked}>
#slice1 = #tkc_gpu.slice<{dim = 0, parent = #blocked2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @scaled_rows(%arg0: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %arg1: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %arg2: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32) attributes {tkc.params = [{divisibility = 16 : i32, dtype = "fp32", kind = "pointer", name = "x_ptr"}, {divisibility = 16 : i32, dtype = "fp32", kind = "pointer", name = "g_ptr"}, {divisibility = 16 : i32, dtype = "fp32", kind = "pointer", name = "y_ptr"}, {divisibility = 1 : i32, dtype = "i32", kind = "scalar", name = "n_rows"}, {divisibility = 1 : i32, dtype = "i32", kind = "scalar", name = "n_cols"}, {divisibility = 1 : i32, dtype = "i32", kind = "scalar", name = "mode"}, {kind = "constexpr", name = "BLOCK_M", value = "32"}, {kind = "constexpr", name = "BLOCK_N", value = "32"}]} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<32> : tensor<32x1xi32, #blocked>
    %cst_1 = arith.constant dense<-1.000000e+00> : tensor<32xf32, #blocked1>
    %c31_i32 = arith.constant 31 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<32xf32, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked2>
    %c32_i32 = arith.constant 32 : i32
    %0 = tkc.program_id 0
    %1 = arith.muli %0, %c32_i32 : i32
    %2 = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked1>
    %3 = tkc.splat %1 : tensor<32xi32, #blocked1>
    %4 = arith.addi %3, %2 : tensor<32xi32, #blocked1>
    %5 = arith.addi %arg4, %c31_i32 : i32
    %6 = arith.divsi %5, %c32_i32 : i32
    %7 = arith.cmpi eq, %arg5, %c0_i32 : i32
    %8 = tkc_gpu.convert_layout %4 : tensor<32xi32, #blocked1> -> tensor<32xi32, #slice>
    %9 = tkc.expand_dims %8 {axis = 1 : i32} : tensor<32xi32, #slice> -> tensor<32x1xi32, #blocked>
    %10 = tkc.splat %arg4 : tensor<32x1xi32, #blocked>
    %11 = arith.muli %9, %10 : tensor<32x1xi32, #blocked>
    %12 = tkc.splat %arg0 : tensor<32x1x!tkc.ptr<f32>, #blocked>
    %13 = tkc.addptr %12, %11 : tensor<32x1x!tkc.ptr<f32>, #blocked>, tensor<32x1xi32, #blocked>
    %14 = tkc_gpu.convert_layout %13 : tensor<32x1x!tkc.ptr<f32>, #blocked> -> tensor<32x1x!tkc.ptr<f32>, #blocked2>
    %15 = tkc.broadcast %14 : tensor<32x1x!tkc.ptr<f32>, #blocked2> -> tensor<32x32x!tkc.ptr<f32>, #blocked2>
    %16 = scf.for %arg6 = %c0_i32 to %6 step %c1_i32 iter_args(%arg7 = %cst_3) -> (tensor<32x32xf32, #blocked2>)  : i32 {
      %30 = arith.muli %arg6, %c32_i32 : i32
      %31 = tkc.splat %30 : tensor<32xi32, #blocked1>
      %32 = arith.addi %31, %2 : tensor<32xi32, #blocked1>
      %33 = scf.if %7 -> (tensor<32xf32, #blocked1>) {
        %53 = tkc.splat %arg1 : tensor<32x!tkc.ptr<f32>, #blocked1>
        %54 = tkc.addptr %53, %4 : tensor<32x!tkc.ptr<f32>, #blocked1>, tensor<32xi32, #blocked1>
        %55 = tkc.splat %arg3 : tensor<32xi32, #blocked1>
        %56 = arith.cmpi slt, %4, %55 : tensor<32xi32, #blocked1>
        %57 = tkc.load %54, %56, %cst_2 : tensor<32x!tkc.ptr<f32>, #blocked1>
        scf.yield %57 : tensor<32xf32, #blocked1>
      } else {
        %53 = arith.cmpi eq, %arg5, %c1_i32 : i32
        %54 = scf.if %53 -> (tensor<32xf32, #blocked1>) {
          %55 = tkc.load %arg1 : !tkc.ptr<f32>
          %56 = arith.addf %55, %cst : f32
          %57 = tkc.splat %56 : tensor<32xf32, #blocked1>
          scf.yield %57 : tensor<32xf32, #blocked1>
        } else {
          %55 = tkc.load %arg1 : !tkc.ptr<f32>
          %56 = arith.sitofp %arg3 : i32 to f32
          %57 = arith.divf %55, %56 fastmath<afn> : f32
          %58 = arith.addf %57, %cst : f32
          %59 = tkc.splat %58 : tensor<32xf32, #blocked1>
          scf.yield %59 : tensor<32xf32, #blocked1>
        }
        scf.yield %54 : tensor<32xf32, #blocked1>
      }
      %34 = arith.mulf %33, %cst_1 : tensor<32xf32, #blocked1>
      %35 = tkc_gpu.convert_layout %32 : tensor<32xi32, #blocked1> -> tensor<32xi32, #slice1>
      %36 = tkc.expand_dims %35 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #blocked2>
      %37 = tkc.broadcast %36 : tensor<1x32xi32, #blocked2> -> tensor<32x32xi32, #blocked2>
      %38 = tkc.addptr %15, %37 : tensor<32x32x!tkc.ptr<f32>, #blocked2>, tensor<32x32xi32, #blocked2>
      %39 = tkc.load %38 : tensor<32x32x!tkc.ptr<f32>, #blocked2>
      %40 = tkc_gpu.convert_layout %34 : tensor<32xf32, #blocked1> -> tensor<32xf32, #slice>
      %41 = tkc.expand_dims %40 {axis = 1 : i32} : tensor<32xf32, #slice> -> tensor<32x1xf32, #blocked>
      %42 = tkc_gpu.convert_layout %41 : tensor<32x1xf32, #blocked> -> tensor<32x1xf32, #blocked2>
      %43 = tkc.broadcast %42 : tensor<32x1xf32, #blocked2> -> tensor<32x32xf32, #blocked2>
      %44 = arith.mulf %39, %43 : tensor<32x32xf32, #blocked2>
      %45 = tkc.trans %39 {order = array<i32: 1, 0>} : tensor<32x32xf32, #blocked2> -> tensor<32x32xf32, #blocked3>
      %46 = tkc_gpu.convert_layout %45 : tensor<32x32xf32, #blocked3> -> tensor<32x32xf32, #blocked2>
      %47 = tkc_gpu.convert_layout %44 : tensor<32x32xf32, #blocked2> -> tensor<32x32xf32, #dot_op>
      %48 = tkc_gpu.convert_layout %46 : tensor<32x32xf32, #blocked2> -> tensor<32x32xf32, #dot_op1>
      %49 = tkc_gpu.convert_layout %arg7 : tensor<32x32xf32, #blocked2> -> tensor<32x32xf32, #mma>
      %50 = tkc.dot %47, %48, %49 {input_precision = 1 : i32} : tensor<32x32xf32, #dot_op> * tensor<32x32xf32, #dot_op1> -> tensor<32x32xf32, #mma>
      %51 = tkc_gpu.convert_layout %50 : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #blocked4>
      %52 = tkc_gpu.convert_layout %51 : tensor<32x32xf32, #blocked4> -> tensor<32x32xf32, #blocked2>
      scf.yield %52 : tensor<32x32xf32, #blocked2>
    }
    %17 = tkc_gpu.convert_layout %4 : tensor<32xi32, #blocked1> -> tensor<32xi32, #slice>
    %18 = tkc.expand_dims %17 {axis = 1 : i32} : tensor<32xi32, #slice> -> tensor<32x1xi32, #blocked>
    %19 = arith.muli %18, %cst_0 : tensor<32x1xi32, #blocked>
    %20 = tkc.splat %arg2 : tensor<32x1x!tkc.ptr<f32>, #blocked>
    %21 = tkc.addptr %20, %19 : tensor<32x1x!tkc.ptr<f32>, #blocked>, tensor<32x1xi32, #blocked>
    %22 = tkc_gpu.convert_layout %2 : tensor<32xi32, #blocked1> -> tensor<32xi32, #slice1>
    %23 = tkc.expand_dims %22 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #blocked2>
    %24 = tkc_gpu.convert_layout %21 : tensor<32x1x!tkc.ptr<f32>, #blocked> -> tensor<32x1x!tkc.ptr<f32>, #blocked2>
    %25 = tkc.broadcast %24 : tensor<32x1x!tkc.ptr<f32>, #blocked2> -> tensor<32x32x!tkc.ptr<f32>, #blocked2>
    %26 = tkc.broadcast %23 : tensor<1x32xi32, #blocked2> -> tensor<32x32xi32, #blocked2>
    %27 = tkc.addptr %25, %26 : tensor<32x32x!tkc.ptr<f32>, #blocked2>, tensor<32x32xi32, #blocked2>
    %28 = tkc_gpu.convert_layout %27 : tensor<32x32x!tkc.ptr<f32>, #blocked2> -> tensor<32x32x!tkc.ptr<f32>, #blocked5>
    %29 = tkc_gpu.convert_layout %16 : tensor<32x32xf32, #blocked2> -> tensor<32x32xf32, #blocked5>
    tkc.store %28, %29 : tensor<32x32x!tkc.ptr<f32>, #blocked5>
    return
  }
}

// -----

// A loaded tile taken by a 3-d product in the default layout (threads along
// the last dimension), then stored in a layout whose slice holds the tile in
// the same registers as its load (aiter's mHC post kernel): the product is
// recomputed in the store's layout, where converting the tile moves no
// data, and only the row of weights is converted (64 elements, not the
// product's 4096).
// CHECK-LABEL: func.func @outer_rows
// CHECK: %[[T:.*]] = tkc.load
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<64x1x1xf32, #{{.*}}> -> tensor<64x1x1xf32, #[[ST:blocked[0-9]*]]>
// CHECK: tkc_gpu.convert_layout %[[T]] : tensor<64x64xf16, #{{.*}}> -> tensor<64x64xf16, #slice{{[0-9]*}}>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: arith.truncf %{{.*}} : tensor<64x1x64xf32, #[[ST]]>
// CHECK: tkc.store
#ld = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#c3 = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [2, 1, 2], order = [2, 1, 0]}>
#st = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [32, 1, 1], warpsPerCTA = [2, 1, 2], order = [0, 1, 2]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @outer_rows(%x: tensor<64x64x!tkc.ptr<f16>, #ld>, %w: tensor<64x1x1xf32, #c3>, %out: tensor<64x1x64x!tkc.ptr<f16>, #st>) {
    %t = tkc.load %x : tensor<64x64x!tkc.ptr<f16>, #ld>
    %c = tkc_gpu.convert_layout %t : tensor<64x64xf16, #ld> -> tensor<64x64xf16, #tkc_gpu.slice<{dim = 1, parent = #c3}>>
    %e = tkc.expand_dims %c {axis = 1 : i32} : tensor<64x64xf16, #tkc_gpu.slice<{dim = 1, parent = #c3}>> -> tensor<64x1x64xf16, #c3>
    %f = arith.extf %e : tensor<64x1x64xf16, #c3> to tensor<64x1x64xf32, #c3>
    %wb = tkc.broadcast %w : tensor<64x1x1xf32, #c3> -> tensor<64x1x64xf32, #c3>
    %m = arith.mulf %wb, %f : tensor<64x1x64xf32, #c3>
    %h = arith.truncf %m : tensor<64x1x64xf32, #c3> to tensor<64x1x64xf16, #c3>
    %s = tkc_gpu.convert_layout %h : tensor<64x1x64xf16, #c3> -> tensor<64x1x64xf16, #st>
    tkc.store %out, %s : tensor<64x1x64x!tkc.ptr<f16>, #st>
    return
  }
}

// -----

#lin = #tkc_gpu.linear<{register = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0]], lane = [[0, 16, 0], [1, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 4]], warp = [[0, 0, 8], [0, 0, 16]]}>
#blk = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>

// A tile reshaped into groups of 32 along K where that moves no data (a
// linear layout: tl.dot_scaled's operand), scaled by its broadcast scales:
// the product runs in the tile's layout, the 64 scales converted to it,
// not the 2048-element tile to the scales' layout.
// CHECK-LABEL: func.func @sink_into_linear
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<2x1x32xbf16, #{{.*}}> -> tensor<2x1x32xbf16, #[[LIN:linear[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.broadcast %{{.*}} -> tensor<2x32x32xbf16, #[[LIN]]>
// CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %{{.*}} : tensor<2x32x32xbf16, #[[LIN]]>
// CHECK: tkc_gpu.convert_layout %[[M]] : tensor<2x32x32xbf16, #[[LIN]]> -> tensor<2x32x32xbf16, #{{blocked[0-9]*}}>
func.func @sink_into_linear(%x: tensor<2x32x32xbf16, #lin>, %s: tensor<2x32xbf16, #tkc_gpu.slice<{dim = 1, parent = #blk}>>) -> tensor<2x32x32xbf16, #blk> {
  %c = tkc_gpu.convert_layout %x : tensor<2x32x32xbf16, #lin> -> tensor<2x32x32xbf16, #blk>
  %e = tkc.expand_dims %s {axis = 1 : i32} : tensor<2x32xbf16, #tkc_gpu.slice<{dim = 1, parent = #blk}>> -> tensor<2x1x32xbf16, #blk>
  %b = tkc.broadcast %e : tensor<2x1x32xbf16, #blk> -> tensor<2x32x32xbf16, #blk>
  %m = arith.mulf %c, %b : tensor<2x32x32xbf16, #blk>
  return %m : tensor<2x32x32xbf16, #blk>
}

// -----

// A row reduced over the warps' lanes is held whole by every lane: stored
// there, each thread would store 32 elements (a run-time stride apart)
// where its own layout stores one. The store keeps its layout and the
// reduced row is converted.
// CHECK-DAG: #[[COLS:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
// CHECK-DAG: #[[ROWS:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[IN_COLS:.*]] = #tkc_gpu.slice<{dim = 0, parent = #[[COLS]]}>
// CHECK-DAG: #[[IN_ROWS:.*]] = #tkc_gpu.slice<{dim = 0, parent = #[[ROWS]]}>
// CHECK-LABEL: func.func @replicated_row_store
// CHECK: %[[R:.*]] = tkc.reduce
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %[[R]] : tensor<64xf32, #[[IN_COLS]]> -> tensor<64xf32, #[[IN_ROWS]]>
// CHECK: tkc.store %{{.*}}, %[[C]] : tensor<64x!tkc.ptr<f32>, #[[IN_ROWS]]>
#cols = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#rows = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @replicated_row_store(%x: tensor<64x64x!tkc.ptr<f32>, #cols>, %y: !tkc.ptr<f32>, %stride: i32) {
    %v = tkc.load %x : tensor<64x64x!tkc.ptr<f32>, #cols>
    %r = tkc.reduce(%v) axis = 0 : (tensor<64x64xf32, #cols>) -> tensor<64xf32, #tkc_gpu.slice<{dim = 0, parent = #cols}>> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tkc.reduce.return %s : f32
    }
    %c = tkc_gpu.convert_layout %r : tensor<64xf32, #tkc_gpu.slice<{dim = 0, parent = #cols}>> -> tensor<64xf32, #tkc_gpu.slice<{dim = 0, parent = #rows}>>
    %o = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #rows}>>
    %st = tkc.splat %stride : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #rows}>>
    %off = arith.muli %o, %st : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #rows}>>
    %p = tkc.splat %y : tensor<64x!tkc.ptr<f32>, #tkc_gpu.slice<{dim = 0, parent = #rows}>>
    %q = tkc.addptr %p, %off : tensor<64x!tkc.ptr<f32>, #tkc_gpu.slice<{dim = 0, parent = #rows}>>, tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #rows}>>
    tkc.store %q, %c : tensor<64x!tkc.ptr<f32>, #tkc_gpu.slice<{dim = 0, parent = #rows}>>
    return
  }
}

// -----

// A softmax over the scores of a [8, 16, 128] product reduced along its
// last dimension (NSA's decode kernel), whose probabilities are expanded
// back to weigh a [8, 16, 128] tile: the slice replicates each score over
// 16 lanes (16 registers a thread against 1 in the 2-D layout), but the
// probabilities are needed there again. Everything runs in the slice, as
// Triton keeps it; no score is converted.
// CHECK-DAG: #[[P:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [2, 1, 16], warpsPerCTA = [4, 1, 1], order = [2, 0, 1]}>
// CHECK-DAG: #[[S:.*]] = #tkc_gpu.slice<{dim = 2, parent = #[[P]]}>
// CHECK-LABEL: func.func @softmax_in_slice
// CHECK-NOT: tkc_gpu.convert_layout %{{.*}} : tensor<8x16xf32
// CHECK: math.exp2 %{{.*}} : tensor<8x16xf32, #[[S]]>
// CHECK-NOT: tkc_gpu.convert_layout %{{.*}} : tensor<8x16xf32
// CHECK-NOT: math.exp2 %{{.*}} : tensor<8x16xf32, #blocked
// CHECK: return
#p = #tkc_gpu.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [2, 1, 16], warpsPerCTA = [4, 1, 1], order = [2, 0, 1]}>
#b = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @softmax_in_slice(%x: tensor<8x16x128xf32, #p>, %v: tensor<8x16x128xf32, #p>) -> (tensor<8x128xf32, #tkc_gpu.slice<{dim = 1, parent = #p}>>, tensor<8xf32, #tkc_gpu.slice<{dim = 1, parent = #b}>>) {
    %s = tkc.reduce(%x) axis = 2 : (tensor<8x16x128xf32, #p>) -> tensor<8x16xf32, #tkc_gpu.slice<{dim = 2, parent = #p}>> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }
    %c = tkc_gpu.convert_layout %s : tensor<8x16xf32, #tkc_gpu.slice<{dim = 2, parent = #p}>> -> tensor<8x16xf32, #b>
    %m = tkc.reduce(%c) axis = 1 : (tensor<8x16xf32, #b>) -> tensor<8xf32, #tkc_gpu.slice<{dim = 1, parent = #b}>> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.maxnumf %a, %b : f32
      tkc.reduce.return %t : f32
    }
    %me = tkc.expand_dims %m {axis = 1 : i32} : tensor<8xf32, #tkc_gpu.slice<{dim = 1, parent = #b}>> -> tensor<8x1xf32, #b>
    %mb = tkc.broadcast %me : tensor<8x1xf32, #b> -> tensor<8x16xf32, #b>
    %d = arith.subf %c, %mb : tensor<8x16xf32, #b>
    %e = math.exp2 %d : tensor<8x16xf32, #b>
    %l = tkc.reduce(%e) axis = 1 : (tensor<8x16xf32, #b>) -> tensor<8xf32, #tkc_gpu.slice<{dim = 1, parent = #b}>> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }
    %ec = tkc_gpu.convert_layout %e : tensor<8x16xf32, #b> -> tensor<8x16xf32, #tkc_gpu.slice<{dim = 2, parent = #p}>>
    %ee = tkc.expand_dims %ec {axis = 2 : i32} : tensor<8x16xf32, #tkc_gpu.slice<{dim = 2, parent = #p}>> -> tensor<8x16x1xf32, #p>
    %eb = tkc.broadcast %ee : tensor<8x16x1xf32, #p> -> tensor<8x16x128xf32, #p>
    %w = arith.mulf %eb, %v : tensor<8x16x128xf32, #p>
    %r = tkc.reduce(%w) axis = 1 : (tensor<8x16x128xf32, #p>) -> tensor<8x128xf32, #tkc_gpu.slice<{dim = 1, parent = #p}>> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }
    return %r, %l : tensor<8x128xf32, #tkc_gpu.slice<{dim = 1, parent = #p}>>, tensor<8xf32, #tkc_gpu.slice<{dim = 1, parent = #b}>>
  }
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#vec = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

// A K loop unrolled by hand loads at its pointers and at offsets from them
// (a run-time stride) before advancing them: the pointers move to the
// loads' layout, and the offsets are computed there; no pointer is
// converted.
// CHECK-LABEL: func.func @unrolled_pointers
// CHECK: scf.for {{.*}} -> (tensor<32x32xf16, #[[VEC:blocked[0-9]*]]>, tensor<32x32x!tkc.ptr<f16>, #[[VEC]]>)
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.yield
func.func @unrolled_pointers(%pa: tensor<32x32x!tkc.ptr<f16>, #one>, %n: i32, %stride: i32) -> tensor<32x32xf16, #vec> {
  %zero = arith.constant dense<0.0> : tensor<32x32xf16, #vec>
  %step = tkc.splat %stride : tensor<32x32xi32, #one>
  %twice = arith.addi %step, %step : tensor<32x32xi32, #one>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero, %p = %pa) -> (tensor<32x32xf16, #vec>, tensor<32x32x!tkc.ptr<f16>, #one>) : i32 {
    %pv = tkc_gpu.convert_layout %p : tensor<32x32x!tkc.ptr<f16>, #one> -> tensor<32x32x!tkc.ptr<f16>, #vec>
    %a = tkc.load %pv : tensor<32x32x!tkc.ptr<f16>, #vec>
    %p1 = tkc.addptr %p, %step : tensor<32x32x!tkc.ptr<f16>, #one>, tensor<32x32xi32, #one>
    %p1v = tkc_gpu.convert_layout %p1 : tensor<32x32x!tkc.ptr<f16>, #one> -> tensor<32x32x!tkc.ptr<f16>, #vec>
    %b = tkc.load %p1v : tensor<32x32x!tkc.ptr<f16>, #vec>
    %ab = arith.addf %a, %b : tensor<32x32xf16, #vec>
    %s2 = arith.addf %sum, %ab : tensor<32x32xf16, #vec>
    %p2 = tkc.addptr %p, %twice : tensor<32x32x!tkc.ptr<f16>, #one>, tensor<32x32xi32, #one>
    scf.yield %s2, %p2 : tensor<32x32xf16, #vec>, tensor<32x32x!tkc.ptr<f16>, #one>
  }
  return %r#0 : tensor<32x32xf16, #vec>
}

// -----

#blk = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#row = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#s = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 2], instrN = 32}>
#o = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 2], instrN = 128}>
#qa = #tkc_gpu.dot_op<{opIdx = 0, parent = #s, kWidth = 2}>
#kb = #tkc_gpu.dot_op<{opIdx = 1, parent = #s, kWidth = 2}>
#pa = #tkc_gpu.dot_op<{opIdx = 0, parent = #o, kWidth = 2}>
#vb = #tkc_gpu.dot_op<{opIdx = 1, parent = #o, kWidth = 2}>

// An attention loop whose scores and accumulator have MMA layouts of
// different widths (64 and 256 columns): the scores' row maxima scale the
// accumulator through a broadcast, which produces the accumulator's layout
// (the rows sit in the same registers in both). The accumulator is carried
// in its dot's layout, and the loop converts no 2-D fp32 tensor.
// CHECK-LABEL: func.func @two_mma_widths
// CHECK: scf.for {{.*}} -> (tensor<64x256xf32, #[[O:mma[0-9]*]]>, tensor<64xf32, #{{.*}}>)
// CHECK-NOT: tkc_gpu.convert_layout {{.*}} : tensor<64x{{[0-9]+}}xf32
// CHECK: tkc.broadcast {{.*}} -> tensor<64x256xf32, #[[O]]>
// CHECK-NOT: tkc_gpu.convert_layout {{.*}} : tensor<64x{{[0-9]+}}xf32
// CHECK: scf.yield
func.func @two_mma_widths(%q: tensor<64x64xf16, #qa>, %k: tensor<64x64xf16, #kb>, %v: tensor<64x256xf16, #vb>, %n: i32) -> tensor<64x256xf32, #blk> {
  %zs = arith.constant dense<0.0> : tensor<64x64xf32, #s>
  %zero = arith.constant dense<0.0> : tensor<64x256xf32, #blk>
  %ninf = arith.constant dense<0xFF800000> : tensor<64xf32, #row>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %m = %ninf) -> (tensor<64x256xf32, #blk>, tensor<64xf32, #row>) : i32 {
    %qk = tkc.dot %q, %k, %zs : tensor<64x64xf16, #qa> * tensor<64x64xf16, #kb> -> tensor<64x64xf32, #s>
    %qkb = tkc_gpu.convert_layout %qk : tensor<64x64xf32, #s> -> tensor<64x64xf32, #blk>
    %mx = "tkc.reduce"(%qkb) ({
    ^bb0(%x: f32, %y: f32):
      %t = arith.maxnumf %x, %y : f32
      tkc.reduce.return %t : f32
    }) {axis = 1 : i32} : (tensor<64x64xf32, #blk>) -> tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #blk}>>
    %mxr = tkc_gpu.convert_layout %mx : tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #blk}>> -> tensor<64xf32, #row>
    %mn = arith.maxnumf %mxr, %m : tensor<64xf32, #row>
    %d = arith.subf %m, %mn : tensor<64xf32, #row>
    %alpha = math.exp %d : tensor<64xf32, #row>
    %ae = tkc_gpu.convert_layout %alpha : tensor<64xf32, #row> -> tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #blk}>>
    %a2 = tkc.expand_dims %ae {axis = 1 : i32} : tensor<64xf32, #tkc_gpu.slice<{dim = 1, parent = #blk}>> -> tensor<64x1xf32, #blk>
    %a3 = tkc.broadcast %a2 : tensor<64x1xf32, #blk> -> tensor<64x256xf32, #blk>
    %scaled = arith.mulf %acc, %a3 : tensor<64x256xf32, #blk>
    %p = arith.truncf %qkb : tensor<64x64xf32, #blk> to tensor<64x64xf16, #blk>
    %pd = tkc_gpu.convert_layout %p : tensor<64x64xf16, #blk> -> tensor<64x64xf16, #pa>
    %c = tkc_gpu.convert_layout %scaled : tensor<64x256xf32, #blk> -> tensor<64x256xf32, #o>
    %o = tkc.dot %pd, %v, %c : tensor<64x64xf16, #pa> * tensor<64x256xf16, #vb> -> tensor<64x256xf32, #o>
    %ob = tkc_gpu.convert_layout %o : tensor<64x256xf32, #o> -> tensor<64x256xf32, #blk>
    scf.yield %ob, %mn : tensor<64x256xf32, #blk>, tensor<64xf32, #row>
  }
  return %r#0 : tensor<64x256xf32, #blk>
}

// -----

#a = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>

// A deep computation in a loop (20 rounds) from a column of offsets
// converted before it for a broadcast (FlagAttention's dropout offsets,
// under Philox's rounds) is recomputed in the layout of the load it meets:
// the column, 64 of the tile's 4096 elements, is converted once before the
// loop instead of the tile in every iteration.
// CHECK-LABEL: func.func @deep_recompute_from_column
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<64x1xi32, #{{.*}}> -> tensor<64x1xi32, #[[B:blocked[0-9]*]]>
// CHECK: scf.for
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: tkc.broadcast {{.*}} -> tensor<64x64xi32, #[[B]]>
// CHECK-COUNT-20: arith.xori {{.*}} : tensor<64x64xi32, #[[B]]>
// CHECK: arith.mulf {{.*}} : tensor<64x64xf32, #[[B]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: scf.yield
func.func @deep_recompute_from_column(%p: tensor<64x64x!tkc.ptr<f32>, #b>, %rows: tensor<64x1xi32, #col>, %n: i32) -> tensor<64x64xf32, #b> {
  %k = arith.constant dense<-845247145> : tensor<64x64xi32, #a>
  %three = arith.constant dense<3> : tensor<64x64xi32, #a>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #b>
  %ra = tkc_gpu.convert_layout %rows : tensor<64x1xi32, #col> -> tensor<64x1xi32, #a>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #b>) : i32 {
  %v = tkc.load %p : tensor<64x64x!tkc.ptr<f32>, #b>
  %va = tkc_gpu.convert_layout %v : tensor<64x64xf32, #b> -> tensor<64x64xf32, #a>
  %x0 = tkc.broadcast %ra : tensor<64x1xi32, #a> -> tensor<64x64xi32, #a>
  %m0 = arith.muli %x0, %k : tensor<64x64xi32, #a>
  %s0 = arith.shrui %x0, %three : tensor<64x64xi32, #a>
  %x1 = arith.xori %m0, %s0 : tensor<64x64xi32, #a>
  %m1 = arith.muli %x1, %k : tensor<64x64xi32, #a>
  %s1 = arith.shrui %x1, %three : tensor<64x64xi32, #a>
  %x2 = arith.xori %m1, %s1 : tensor<64x64xi32, #a>
  %m2 = arith.muli %x2, %k : tensor<64x64xi32, #a>
  %s2 = arith.shrui %x2, %three : tensor<64x64xi32, #a>
  %x3 = arith.xori %m2, %s2 : tensor<64x64xi32, #a>
  %m3 = arith.muli %x3, %k : tensor<64x64xi32, #a>
  %s3 = arith.shrui %x3, %three : tensor<64x64xi32, #a>
  %x4 = arith.xori %m3, %s3 : tensor<64x64xi32, #a>
  %m4 = arith.muli %x4, %k : tensor<64x64xi32, #a>
  %s4 = arith.shrui %x4, %three : tensor<64x64xi32, #a>
  %x5 = arith.xori %m4, %s4 : tensor<64x64xi32, #a>
  %m5 = arith.muli %x5, %k : tensor<64x64xi32, #a>
  %s5 = arith.shrui %x5, %three : tensor<64x64xi32, #a>
  %x6 = arith.xori %m5, %s5 : tensor<64x64xi32, #a>
  %m6 = arith.muli %x6, %k : tensor<64x64xi32, #a>
  %s6 = arith.shrui %x6, %three : tensor<64x64xi32, #a>
  %x7 = arith.xori %m6, %s6 : tensor<64x64xi32, #a>
  %m7 = arith.muli %x7, %k : tensor<64x64xi32, #a>
  %s7 = arith.shrui %x7, %three : tensor<64x64xi32, #a>
  %x8 = arith.xori %m7, %s7 : tensor<64x64xi32, #a>
  %m8 = arith.muli %x8, %k : tensor<64x64xi32, #a>
  %s8 = arith.shrui %x8, %three : tensor<64x64xi32, #a>
  %x9 = arith.xori %m8, %s8 : tensor<64x64xi32, #a>
  %m9 = arith.muli %x9, %k : tensor<64x64xi32, #a>
  %s9 = arith.shrui %x9, %three : tensor<64x64xi32, #a>
  %x10 = arith.xori %m9, %s9 : tensor<64x64xi32, #a>
  %m10 = arith.muli %x10, %k : tensor<64x64xi32, #a>
  %s10 = arith.shrui %x10, %three : tensor<64x64xi32, #a>
  %x11 = arith.xori %m10, %s10 : tensor<64x64xi32, #a>
  %m11 = arith.muli %x11, %k : tensor<64x64xi32, #a>
  %s11 = arith.shrui %x11, %three : tensor<64x64xi32, #a>
  %x12 = arith.xori %m11, %s11 : tensor<64x64xi32, #a>
  %m12 = arith.muli %x12, %k : tensor<64x64xi32, #a>
  %s12 = arith.shrui %x12, %three : tensor<64x64xi32, #a>
  %x13 = arith.xori %m12, %s12 : tensor<64x64xi32, #a>
  %m13 = arith.muli %x13, %k : tensor<64x64xi32, #a>
  %s13 = arith.shrui %x13, %three : tensor<64x64xi32, #a>
  %x14 = arith.xori %m13, %s13 : tensor<64x64xi32, #a>
  %m14 = arith.muli %x14, %k : tensor<64x64xi32, #a>
  %s14 = arith.shrui %x14, %three : tensor<64x64xi32, #a>
  %x15 = arith.xori %m14, %s14 : tensor<64x64xi32, #a>
  %m15 = arith.muli %x15, %k : tensor<64x64xi32, #a>
  %s15 = arith.shrui %x15, %three : tensor<64x64xi32, #a>
  %x16 = arith.xori %m15, %s15 : tensor<64x64xi32, #a>
  %m16 = arith.muli %x16, %k : tensor<64x64xi32, #a>
  %s16 = arith.shrui %x16, %three : tensor<64x64xi32, #a>
  %x17 = arith.xori %m16, %s16 : tensor<64x64xi32, #a>
  %m17 = arith.muli %x17, %k : tensor<64x64xi32, #a>
  %s17 = arith.shrui %x17, %three : tensor<64x64xi32, #a>
  %x18 = arith.xori %m17, %s17 : tensor<64x64xi32, #a>
  %m18 = arith.muli %x18, %k : tensor<64x64xi32, #a>
  %s18 = arith.shrui %x18, %three : tensor<64x64xi32, #a>
  %x19 = arith.xori %m18, %s18 : tensor<64x64xi32, #a>
  %m19 = arith.muli %x19, %k : tensor<64x64xi32, #a>
  %s19 = arith.shrui %x19, %three : tensor<64x64xi32, #a>
  %x20 = arith.xori %m19, %s19 : tensor<64x64xi32, #a>
  %f = arith.uitofp %x20 : tensor<64x64xi32, #a> to tensor<64x64xf32, #a>
  %r = arith.mulf %f, %va : tensor<64x64xf32, #a>
  %rb = tkc_gpu.convert_layout %r : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
  %next = arith.addf %acc, %rb : tensor<64x64xf32, #b>
  scf.yield %next : tensor<64x64xf32, #b>
  }
  return %sum : tensor<64x64xf32, #b>
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#vec = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#bits = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>

// Counts loaded as a row and incremented by a loop where a token matches
// (vLLM's penalties), then combined with a bitmask reshaped from [32, 32]:
// no use in the loop places the counts, so they are carried where they
// were loaded, and the bitmask is recomputed there after the loop; the
// counts and the loaded values are not converted.
// CHECK-LABEL: func.func @counts_from_load
// CHECK: scf.for {{.*}} -> (tensor<1024xi32, #[[VEC:blocked[0-9]*]]>)
// CHECK: tkc.reshape {{.*}} -> tensor<1024xi1, #[[VEC]]>
// CHECK-NOT: tkc_gpu.convert_layout {{.*}} : tensor<1024x
// CHECK: tkc.store
func.func @counts_from_load(%pc: tensor<1024x!tkc.ptr<i32>, #vec>, %px: tensor<1024x!tkc.ptr<f32>, #vec>, %pm: tensor<32x!tkc.ptr<i32>, #tkc_gpu.slice<{dim = 1, parent = #bits}>>, %n: i32, %t: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0> : tensor<1024xi32, #one>
  %one = arith.constant dense<1> : tensor<32x32xi32, #bits>
  %zbits = arith.constant dense<0> : tensor<32x32xi32, #bits>
  %loaded = tkc.load %pc : tensor<1024x!tkc.ptr<i32>, #vec>
  %counts = tkc_gpu.convert_layout %loaded : tensor<1024xi32, #vec> -> tensor<1024xi32, #one>
  %x = tkc.load %px : tensor<1024x!tkc.ptr<f32>, #vec>
  %xs = tkc_gpu.convert_layout %x : tensor<1024xf32, #vec> -> tensor<1024xf32, #one>
  %range = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #one>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%c = %counts) -> (tensor<1024xi32, #one>) : i32 {
    %tok = tkc.splat %t : tensor<1024xi32, #one>
    %match = arith.cmpi eq, %range, %tok : tensor<1024xi32, #one>
    %inc = arith.extui %match : tensor<1024xi1, #one> to tensor<1024xi32, #one>
    %next = arith.addi %c, %inc : tensor<1024xi32, #one>
    scf.yield %next : tensor<1024xi32, #one>
  }
  %seen = arith.cmpi sgt, %r, %zero : tensor<1024xi32, #one>
  %packed = tkc.load %pm : tensor<32x!tkc.ptr<i32>, #tkc_gpu.slice<{dim = 1, parent = #bits}>>
  %col = tkc.expand_dims %packed {axis = 1 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #bits}>> -> tensor<32x1xi32, #bits>
  %words = tkc.broadcast %col : tensor<32x1xi32, #bits> -> tensor<32x32xi32, #bits>
  %lanes = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #bits}>>
  %row = tkc.expand_dims %lanes {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #bits}>> -> tensor<1x32xi32, #bits>
  %shifts = tkc.broadcast %row : tensor<1x32xi32, #bits> -> tensor<32x32xi32, #bits>
  %shifted = arith.shrsi %words, %shifts : tensor<32x32xi32, #bits>
  %bit = arith.andi %shifted, %one : tensor<32x32xi32, #bits>
  %set = arith.cmpi ne, %bit, %zbits : tensor<32x32xi32, #bits>
  %flat = tkc.reshape %set : tensor<32x32xi1, #bits> -> tensor<1024xi1, #one>
  %any = arith.ori %flat, %seen : tensor<1024xi1, #one>
  %doubled = arith.addf %xs, %xs : tensor<1024xf32, #one>
  %y = arith.select %any, %doubled, %xs : tensor<1024xi1, #one>, tensor<1024xf32, #one>
  %yv = tkc_gpu.convert_layout %y : tensor<1024xf32, #one> -> tensor<1024xf32, #vec>
  tkc.store %px, %yv : tensor<1024x!tkc.ptr<f32>, #vec>
  return
}

// -----

#row = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#two1 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#two8 = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>

// A row of 4096 scaled by weights loaded as their own row and upcast
// (attorch's RMS norm): the row is computed where it was loaded, and the
// upcast weights are taken in its slice, which holds them in the same
// registers as their load's layout; no 4096-element tensor goes through
// shared memory.
// CHECK-LABEL: func.func @upcast_row_same_registers
// CHECK-NOT: tkc_gpu.convert_layout {{.*}} : tensor<1x4096x
// CHECK: tkc.store
func.func @upcast_row_same_registers(%px: tensor<1x4096x!tkc.ptr<f16>, #two8>, %pw: tensor<4096x!tkc.ptr<f16>, #row>, %py: tensor<1x4096x!tkc.ptr<f16>, #two8>) {
  %x = tkc.load %px : tensor<1x4096x!tkc.ptr<f16>, #two8>
  %xc = tkc_gpu.convert_layout %x : tensor<1x4096xf16, #two8> -> tensor<1x4096xf16, #two1>
  %xf = arith.extf %xc : tensor<1x4096xf16, #two1> to tensor<1x4096xf32, #two1>
  %w = tkc.load %pw : tensor<4096x!tkc.ptr<f16>, #row>
  %wc = tkc_gpu.convert_layout %w : tensor<4096xf16, #row> -> tensor<4096xf16, #one>
  %wf = arith.extf %wc : tensor<4096xf16, #one> to tensor<4096xf32, #one>
  %ws = tkc_gpu.convert_layout %wf : tensor<4096xf32, #one> -> tensor<4096xf32, #tkc_gpu.slice<{dim = 0, parent = #two1}>>
  %we = tkc.expand_dims %ws {axis = 0 : i32} : tensor<4096xf32, #tkc_gpu.slice<{dim = 0, parent = #two1}>> -> tensor<1x4096xf32, #two1>
  %y = arith.mulf %xf, %we : tensor<1x4096xf32, #two1>
  %yh = arith.truncf %y : tensor<1x4096xf32, #two1> to tensor<1x4096xf16, #two1>
  %yc = tkc_gpu.convert_layout %yh : tensor<1x4096xf16, #two1> -> tensor<1x4096xf16, #two8>
  tkc.store %py, %yc : tensor<1x4096x!tkc.ptr<f16>, #two8>
  return
}

// -----

#l16 = #tkc_gpu.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#l8 = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>

// fp8 weights loaded 16 a thread, upcast, scaled and rounded to bf16, stored
// 8 a thread (DeepSeek-V3's weight_dequant): the fp8 values are converted,
// a quarter of the bytes of the fp32 ones and half of the bf16 ones, and
// the chain runs in the store's layout, its scale splat there.
// CHECK-LABEL: func.func @dequant_converts_fp8
// CHECK: tkc_gpu.convert_layout {{.*}} : tensor<128x128xf8E4M3FN, #{{.*}}> -> tensor<128x128xf8E4M3FN, #[[L8:blocked[0-9]*]]>
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: arith.truncf {{.*}} : tensor<128x128xf32, #[[L8]]> to tensor<128x128xbf16, #[[L8]]>
func.func @dequant_converts_fp8(%px: tensor<128x128x!tkc.ptr<f8E4M3FN>, #l16>, %s: f32, %py: tensor<128x128x!tkc.ptr<bf16>, #l8>) {
  %x = tkc.load %px : tensor<128x128x!tkc.ptr<f8E4M3FN>, #l16>
  %f = tkc.fp_to_fp %x : tensor<128x128xf8E4M3FN, #l16> -> tensor<128x128xf32, #l16>
  %ss = tkc.splat %s : tensor<128x128xf32, #l16>
  %m = arith.mulf %f, %ss : tensor<128x128xf32, #l16>
  %h = arith.truncf %m : tensor<128x128xf32, #l16> to tensor<128x128xbf16, #l16>
  %hc = tkc_gpu.convert_layout %h : tensor<128x128xbf16, #l16> -> tensor<128x128xbf16, #l8>
  tkc.store %py, %hc : tensor<128x128x!tkc.ptr<bf16>, #l8>
  return
}

// -----

#one = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#four = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#eight = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// The sum of two upcast rows (flash-attention's layer norm stores its
// residual so), as coalescing leaves it: the store waits until the loads'
// conversions have sunk through both casts and the sum, then keeps its
// 16-byte stores rather than taking the sum's intermediate layout.
// CHECK-DAG: #[[L:.*]] = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[F:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func.func @sum_keeps_wide_stores
// CHECK: %[[S:.*]] = arith.addf {{.*}} : tensor<1024xf32, #[[L]]>
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %[[S]] : tensor<1024xf32, #[[L]]> -> tensor<1024xf32, #[[F]]>
// CHECK: tkc.store %{{.*}}, %[[C]] : tensor<1024x!tkc.ptr<f32>, #[[F]]>
func.func @sum_keeps_wide_stores(%a: !tkc.ptr<f16>, %b: !tkc.ptr<f16>, %dst: !tkc.ptr<f32>) {
  %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #one>
  %sa = tkc.splat %a : tensor<1024x!tkc.ptr<f16>, #one>
  %pa = tkc.addptr %sa, %r : tensor<1024x!tkc.ptr<f16>, #one>, tensor<1024xi32, #one>
  %la = tkc_gpu.convert_layout %pa : tensor<1024x!tkc.ptr<f16>, #one> -> tensor<1024x!tkc.ptr<f16>, #eight>
  %va = tkc.load %la : tensor<1024x!tkc.ptr<f16>, #eight>
  %ca = tkc_gpu.convert_layout %va : tensor<1024xf16, #eight> -> tensor<1024xf16, #one>
  %wa = arith.extf %ca : tensor<1024xf16, #one> to tensor<1024xf32, #one>
  %sb = tkc.splat %b : tensor<1024x!tkc.ptr<f16>, #one>
  %pb = tkc.addptr %sb, %r : tensor<1024x!tkc.ptr<f16>, #one>, tensor<1024xi32, #one>
  %lb = tkc_gpu.convert_layout %pb : tensor<1024x!tkc.ptr<f16>, #one> -> tensor<1024x!tkc.ptr<f16>, #eight>
  %vb = tkc.load %lb : tensor<1024x!tkc.ptr<f16>, #eight>
  %cb = tkc_gpu.convert_layout %vb : tensor<1024xf16, #eight> -> tensor<1024xf16, #one>
  %wb = arith.extf %cb : tensor<1024xf16, #one> to tensor<1024xf32, #one>
  %w = arith.addf %wa, %wb : tensor<1024xf32, #one>
  %d = tkc.splat %dst : tensor<1024x!tkc.ptr<f32>, #one>
  %q = tkc.addptr %d, %r : tensor<1024x!tkc.ptr<f32>, #one>, tensor<1024xi32, #one>
  %qs = tkc_gpu.convert_layout %q : tensor<1024x!tkc.ptr<f32>, #one> -> tensor<1024x!tkc.ptr<f32>, #four>
  %ws = tkc_gpu.convert_layout %w : tensor<1024xf32, #one> -> tensor<1024xf32, #four>
  tkc.store %qs, %ws : tensor<1024x!tkc.ptr<f32>, #four>
  return
}

// -----

#a = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// A generator's 24 rounds (past the patterns' depth) whose result is both
// stored in the store's layout (flash-attention's dropout mask) and used
// with a loaded row in the frontend's layout (the row it drops): the
// rounds are computed once, in the loaded layout, and nothing is converted.
// CHECK-LABEL: func.func @deep_recompute_two_users
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK-COUNT-24: arith.xori {{.*}} : tensor<1024xi32, #[[B:blocked[0-9]*]]>
// CHECK-NOT: arith.xori
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: return
func.func @deep_recompute_two_users(%p: tensor<1024x!tkc.ptr<f32>, #b>, %pm: tensor<1024x!tkc.ptr<i32>, #b>) {
  %v = tkc.load %p : tensor<1024x!tkc.ptr<f32>, #b>
  %va = tkc_gpu.convert_layout %v : tensor<1024xf32, #b> -> tensor<1024xf32, #a>
  %k = arith.constant dense<-845247145> : tensor<1024xi32, #a>
  %three = arith.constant dense<3> : tensor<1024xi32, #a>
  %x0 = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
  %m0 = arith.muli %x0, %k : tensor<1024xi32, #a>
  %s0 = arith.shrui %x0, %three : tensor<1024xi32, #a>
  %x1 = arith.xori %m0, %s0 : tensor<1024xi32, #a>
  %m1 = arith.muli %x1, %k : tensor<1024xi32, #a>
  %s1 = arith.shrui %x1, %three : tensor<1024xi32, #a>
  %x2 = arith.xori %m1, %s1 : tensor<1024xi32, #a>
  %m2 = arith.muli %x2, %k : tensor<1024xi32, #a>
  %s2 = arith.shrui %x2, %three : tensor<1024xi32, #a>
  %x3 = arith.xori %m2, %s2 : tensor<1024xi32, #a>
  %m3 = arith.muli %x3, %k : tensor<1024xi32, #a>
  %s3 = arith.shrui %x3, %three : tensor<1024xi32, #a>
  %x4 = arith.xori %m3, %s3 : tensor<1024xi32, #a>
  %m4 = arith.muli %x4, %k : tensor<1024xi32, #a>
  %s4 = arith.shrui %x4, %three : tensor<1024xi32, #a>
  %x5 = arith.xori %m4, %s4 : tensor<1024xi32, #a>
  %m5 = arith.muli %x5, %k : tensor<1024xi32, #a>
  %s5 = arith.shrui %x5, %three : tensor<1024xi32, #a>
  %x6 = arith.xori %m5, %s5 : tensor<1024xi32, #a>
  %m6 = arith.muli %x6, %k : tensor<1024xi32, #a>
  %s6 = arith.shrui %x6, %three : tensor<1024xi32, #a>
  %x7 = arith.xori %m6, %s6 : tensor<1024xi32, #a>
  %m7 = arith.muli %x7, %k : tensor<1024xi32, #a>
  %s7 = arith.shrui %x7, %three : tensor<1024xi32, #a>
  %x8 = arith.xori %m7, %s7 : tensor<1024xi32, #a>
  %m8 = arith.muli %x8, %k : tensor<1024xi32, #a>
  %s8 = arith.shrui %x8, %three : tensor<1024xi32, #a>
  %x9 = arith.xori %m8, %s8 : tensor<1024xi32, #a>
  %m9 = arith.muli %x9, %k : tensor<1024xi32, #a>
  %s9 = arith.shrui %x9, %three : tensor<1024xi32, #a>
  %x10 = arith.xori %m9, %s9 : tensor<1024xi32, #a>
  %m10 = arith.muli %x10, %k : tensor<1024xi32, #a>
  %s10 = arith.shrui %x10, %three : tensor<1024xi32, #a>
  %x11 = arith.xori %m10, %s10 : tensor<1024xi32, #a>
  %m11 = arith.muli %x11, %k : tensor<1024xi32, #a>
  %s11 = arith.shrui %x11, %three : tensor<1024xi32, #a>
  %x12 = arith.xori %m11, %s11 : tensor<1024xi32, #a>
  %m12 = arith.muli %x12, %k : tensor<1024xi32, #a>
  %s12 = arith.shrui %x12, %three : tensor<1024xi32, #a>
  %x13 = arith.xori %m12, %s12 : tensor<1024xi32, #a>
  %m13 = arith.muli %x13, %k : tensor<1024xi32, #a>
  %s13 = arith.shrui %x13, %three : tensor<1024xi32, #a>
  %x14 = arith.xori %m13, %s13 : tensor<1024xi32, #a>
  %m14 = arith.muli %x14, %k : tensor<1024xi32, #a>
  %s14 = arith.shrui %x14, %three : tensor<1024xi32, #a>
  %x15 = arith.xori %m14, %s14 : tensor<1024xi32, #a>
  %m15 = arith.muli %x15, %k : tensor<1024xi32, #a>
  %s15 = arith.shrui %x15, %three : tensor<1024xi32, #a>
  %x16 = arith.xori %m15, %s15 : tensor<1024xi32, #a>
  %m16 = arith.muli %x16, %k : tensor<1024xi32, #a>
  %s16 = arith.shrui %x16, %three : tensor<1024xi32, #a>
  %x17 = arith.xori %m16, %s16 : tensor<1024xi32, #a>
  %m17 = arith.muli %x17, %k : tensor<1024xi32, #a>
  %s17 = arith.shrui %x17, %three : tensor<1024xi32, #a>
  %x18 = arith.xori %m17, %s17 : tensor<1024xi32, #a>
  %m18 = arith.muli %x18, %k : tensor<1024xi32, #a>
  %s18 = arith.shrui %x18, %three : tensor<1024xi32, #a>
  %x19 = arith.xori %m18, %s18 : tensor<1024xi32, #a>
  %m19 = arith.muli %x19, %k : tensor<1024xi32, #a>
  %s19 = arith.shrui %x19, %three : tensor<1024xi32, #a>
  %x20 = arith.xori %m19, %s19 : tensor<1024xi32, #a>
  %m20 = arith.muli %x20, %k : tensor<1024xi32, #a>
  %s20 = arith.shrui %x20, %three : tensor<1024xi32, #a>
  %x21 = arith.xori %m20, %s20 : tensor<1024xi32, #a>
  %m21 = arith.muli %x21, %k : tensor<1024xi32, #a>
  %s21 = arith.shrui %x21, %three : tensor<1024xi32, #a>
  %x22 = arith.xori %m21, %s21 : tensor<1024xi32, #a>
  %m22 = arith.muli %x22, %k : tensor<1024xi32, #a>
  %s22 = arith.shrui %x22, %three : tensor<1024xi32, #a>
  %x23 = arith.xori %m22, %s22 : tensor<1024xi32, #a>
  %m23 = arith.muli %x23, %k : tensor<1024xi32, #a>
  %s23 = arith.shrui %x23, %three : tensor<1024xi32, #a>
  %x24 = arith.xori %m23, %s23 : tensor<1024xi32, #a>
  %xb = tkc_gpu.convert_layout %x24 : tensor<1024xi32, #a> -> tensor<1024xi32, #b>
  tkc.store %pm, %xb : tensor<1024x!tkc.ptr<i32>, #b>
  %f = arith.uitofp %x24 : tensor<1024xi32, #a> to tensor<1024xf32, #a>
  %y = arith.mulf %va, %f : tensor<1024xf32, #a>
  %yb = tkc_gpu.convert_layout %y : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
  tkc.store %p, %yb : tensor<1024x!tkc.ptr<f32>, #b>
  return
}

// -----

#big = #tkc_gpu.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 2, 8], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
#r = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#small = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
// A bitonic network's indicator: tl.arange(0, 2) reshaped to [1, 2, 1]
// and compared with a hypercube that holds that dimension in lane bit 3.
// No blocked layout of [2] has each thread's elements of [1, 2, 1] there;
// computed from constants alone, the range is made in a linear layout that
// holds copies of its two elements (lane bit 3 chooses one; each thread
// holds its one twice, as the hypercube's layout does), and nothing goes
// through shared memory.
// CHECK: #[[LIN:.*]] = #tkc_gpu.linear<{register = {{\[\[}}0]], lane = {{\[\[}}0], [0], [0], [1], [0]], warp = []}>
// CHECK-LABEL: func.func @indicator_copies
// CHECK-NOT: convert_layout
// CHECK: tkc.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #[[LIN]]>
// CHECK-NOT: convert_layout
// CHECK: return
func.func @indicator_copies(%x: tensor<2x2x16xi32, #big>) -> tensor<2x2x16xi1, #big> {
  %r = tkc.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #r>
  %s = tkc.reshape %r : tensor<2xi32, #r> -> tensor<1x2x1xi32, #small>
  %c = tkc_gpu.convert_layout %s : tensor<1x2x1xi32, #small> -> tensor<1x2x1xi32, #big>
  %b = tkc.broadcast %c : tensor<1x2x1xi32, #big> -> tensor<2x2x16xi32, #big>
  %m = arith.cmpi eq, %x, %b : tensor<2x2x16xi32, #big>
  return %m : tensor<2x2x16xi1, #big>
}
}

// -----

#a = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#r = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#v = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
// A bitonic step's xor_sum over a pair, of indices made outside the
// branch in another layout: the sum's only use wants it in a slice of
// the values' layout, where the pair lies in each thread's registers,
// and the reduction is recomputed there (its operand reshaped from
// indices recomputed in that layout too) instead of converted after it.
// CHECK-LABEL: func.func @pair_sum_recomputed
// CHECK-NOT: convert_layout
// CHECK: tkc.reduce(%{{.*}}) axis = 1 : (tensor<32x2xi32, #[[B:blocked[0-9]*]]>)
// CHECK-NOT: convert_layout
// CHECK: arith.xori %{{.*}}, %{{.*}} : tensor<32x2xi32, #[[B]]>
func.func @pair_sum_recomputed(%x: tensor<64xi32, #v>, %n: i32, %go: i1) -> tensor<64xi32, #v> {
  %range = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #r>
  %bound = tkc.splat %n : tensor<64xi32, #r>
  %in = arith.cmpi slt, %range, %bound : tensor<64xi32, #r>
  %ids = arith.select %in, %range, %bound : tensor<64xi1, #r>, tensor<64xi32, #r>
  %res = scf.if %go -> tensor<64xi32, #v> {
    %h = tkc.reshape %ids : tensor<64xi32, #r> -> tensor<32x2xi32, #a>
    %s = tkc.reduce(%h) axis = 1 : (tensor<32x2xi32, #a>) -> tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #a}>> {
    ^bb0(%l: i32, %r: i32):
      %v = arith.xori %l, %r : i32
      tkc.reduce.return %v : i32
    }
    %e = tkc.expand_dims %s {axis = 1 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #a}>> -> tensor<32x1xi32, #a>
    %c = tkc_gpu.convert_layout %e : tensor<32x1xi32, #a> -> tensor<32x1xi32, #b>
    %bc = tkc.broadcast %c : tensor<32x1xi32, #b> -> tensor<32x2xi32, #b>
    %xh = tkc.reshape %x : tensor<64xi32, #v> -> tensor<32x2xi32, #b>
    %y = arith.xori %xh, %bc : tensor<32x2xi32, #b>
    %yv = tkc.reshape %y : tensor<32x2xi32, #b> -> tensor<64xi32, #v>
    scf.yield %yv : tensor<64xi32, #v>
  } else {
    scf.yield %x : tensor<64xi32, #v>
  }
  return %res : tensor<64xi32, #v>
}
}
