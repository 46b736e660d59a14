// RUN: tkc-opt %s --split-input-file | tkc-opt --split-input-file | FileCheck %s
// RUN: tkc-opt %s --split-input-file --mlir-print-op-generic | tkc-opt --split-input-file | FileCheck %s
// Round trip of every tkc op through the custom and the generic syntax.

// Program indexing and block construction.
// CHECK-LABEL: func @blocks
func.func @blocks(%x: f32, %v: tensor<128xf32>, %m: tensor<4x32xf32>) {
  // CHECK: tkc.program_id 0
  %pid = tkc.program_id 0
  // CHECK: tkc.num_programs 2
  %n = tkc.num_programs 2
  // CHECK: tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r = tkc.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // CHECK: tkc.splat %{{.*}} : tensor<64x64xf32>
  %s = tkc.splat %x : tensor<64x64xf32>
  // CHECK: tkc.expand_dims %{{.*}} {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %e = tkc.expand_dims %v {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  // CHECK: tkc.broadcast %{{.*}} : tensor<1x128xf32> -> tensor<64x128xf32>
  %b = tkc.broadcast %e : tensor<1x128xf32> -> tensor<64x128xf32>
  // CHECK: tkc.reshape %{{.*}} : tensor<4x32xf32> -> tensor<128xf32>
  %f = tkc.reshape %m : tensor<4x32xf32> -> tensor<128xf32>
  // CHECK: tkc.reshape %{{.*}} allow_reorder : tensor<4x32xf32> -> tensor<2x64xf32>
  %g = tkc.reshape %m allow_reorder : tensor<4x32xf32> -> tensor<2x64xf32>
  // CHECK: tkc.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<4x32xf32> -> tensor<32x4xf32>
  %t = tkc.trans %m {order = array<i32: 1, 0>} : tensor<4x32xf32> -> tensor<32x4xf32>
  return
}

// -----

// Pointers, loads and stores, scalar and block.
// CHECK-LABEL: func @memory
func.func @memory(%p: !tkc.ptr<f32>, %q: !tkc.ptr<f16, 3>, %pp: !tkc.ptr<!tkc.ptr<i8>>,
                  %offs: tensor<128xi32>, %mask: tensor<128xi1>, %other: tensor<128xf32>) {
  // CHECK: %[[PS:.*]] = tkc.splat %{{.*}} : tensor<128x!tkc.ptr<f32>>
  %ps = tkc.splat %p : tensor<128x!tkc.ptr<f32>>
  // CHECK: %[[PA:.*]] = tkc.addptr %[[PS]], %{{.*}} : tensor<128x!tkc.ptr<f32>>, tensor<128xi32>
  %pa = tkc.addptr %ps, %offs : tensor<128x!tkc.ptr<f32>>, tensor<128xi32>
  // CHECK: tkc.load %[[PA]] : tensor<128x!tkc.ptr<f32>>
  %l0 = tkc.load %pa : tensor<128x!tkc.ptr<f32>>
  // CHECK: tkc.load %[[PA]], %{{.*}}, %{{.*}} cache = cg evict = evict_last volatile : tensor<128x!tkc.ptr<f32>>
  %l1 = tkc.load %pa, %mask, %other cache = cg evict = evict_last volatile : tensor<128x!tkc.ptr<f32>>
  // CHECK: tkc.store %[[PA]], %{{.*}}, %{{.*}} cache = wb : tensor<128x!tkc.ptr<f32>>
  tkc.store %pa, %l1, %mask cache = wb : tensor<128x!tkc.ptr<f32>>
  // CHECK: tkc.load %{{.*}} : !tkc.ptr<f16, 3>
  %h = tkc.load %q : !tkc.ptr<f16, 3>
  // CHECK: tkc.load %{{.*}} : !tkc.ptr<!tkc.ptr<i8>>
  %inner = tkc.load %pp : !tkc.ptr<!tkc.ptr<i8>>
  // CHECK: tkc.ptr_to_int %{{.*}} : !tkc.ptr<i8> -> i64
  %i = tkc.ptr_to_int %inner : !tkc.ptr<i8> -> i64
  // CHECK: tkc.int_to_ptr %{{.*}} : i64 -> !tkc.ptr<f32>
  %back = tkc.int_to_ptr %i : i64 -> !tkc.ptr<f32>
  // CHECK: tkc.ptr_cast %{{.*}} : !tkc.ptr<f32> -> !tkc.ptr<i32>
  %cast = tkc.ptr_cast %back : !tkc.ptr<f32> -> !tkc.ptr<i32>
  return
}

// -----

// Dot, plain and batched.
// CHECK-LABEL: func @dot
func.func @dot(%a: tensor<64x32xf16>, %b: tensor<32x16xf16>, %c: tensor<64x16xf32>,
               %ba: tensor<2x16x16xi8>, %bb: tensor<2x16x16xi8>, %bc: tensor<2x16x16xi32>) {
  // CHECK: tkc.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  %d = tkc.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  // CHECK: tkc.dot {{.*}} {input_precision = 1 : i32, max_num_imprecise_acc = 32 : i32} : tensor<2x16x16xi8>
  %e = tkc.dot %ba, %bb, %bc {input_precision = 1 : i32, max_num_imprecise_acc = 32 : i32} : tensor<2x16x16xi8> * tensor<2x16x16xi8> -> tensor<2x16x16xi32>
  return
}

// -----

// Reductions (several operands, like argmax) and scans.
// CHECK-LABEL: func @reduce_scan
func.func @reduce_scan(%x: tensor<32x64xf32>, %i: tensor<32x64xi32>, %v: tensor<128xf32>) {
  // CHECK: tkc.reduce(%{{.*}}) axis = 1 : (tensor<32x64xf32>) -> tensor<32xf32> {
  // CHECK: tkc.reduce.return %{{.*}} : f32
  %s = tkc.reduce(%x) axis = 1 : (tensor<32x64xf32>) -> tensor<32xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tkc.reduce.return %t : f32
  }
  // CHECK: tkc.reduce(%{{.*}}, %{{.*}}) axis = 0 : (tensor<32x64xf32>, tensor<32x64xi32>) -> (tensor<64xf32>, tensor<64xi32>)
  %m:2 = tkc.reduce(%x, %i) axis = 0 : (tensor<32x64xf32>, tensor<32x64xi32>) -> (tensor<64xf32>, tensor<64xi32>) {
  ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
    %gt = arith.cmpf ogt, %va, %vb : f32
    %vm = arith.select %gt, %va, %vb : f32
    %im = arith.select %gt, %ia, %ib : i32
    tkc.reduce.return %vm, %im : f32, i32
  }
  // CHECK: tkc.reduce(%{{.*}}) axis = 0 : (tensor<128xf32>) -> f32
  %total = tkc.reduce(%v) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.maximumf %a, %b : f32
    tkc.reduce.return %t : f32
  }
  // CHECK: tkc.reduce(%{{.*}}) axis = 0 : (tensor<128xf32>) -> f32
  // CHECK: cf.cond_br
  // CHECK-COUNT-2: tkc.reduce.return
  %branchy = tkc.reduce(%v) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    cf.cond_br %gt, ^keep, ^other
  ^keep:
    tkc.reduce.return %a : f32
  ^other:
    tkc.reduce.return %b : f32
  }
  // CHECK: tkc.scan(%{{.*}}) axis = 0 reverse : (tensor<128xf32>) -> tensor<128xf32>
  // CHECK: tkc.scan.return
  %c = tkc.scan(%v) axis = 0 reverse : (tensor<128xf32>) -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tkc.scan.return %t : f32
  }
  return
}

// -----

// Atomics, casts and debugging ops.
// CHECK-LABEL: func @atomics_casts_debug
func.func @atomics_casts_debug(%p: tensor<64x!tkc.ptr<f32>>, %v: tensor<64xf32>, %m: tensor<64xi1>,
                               %lock: !tkc.ptr<i32>, %h: tensor<64xf16>) {
  // CHECK: tkc.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tkc.ptr<f32>>
  %old = tkc.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : tensor<64x!tkc.ptr<f32>>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: tkc.atomic_rmw and, relaxed, cta, %{{.*}}, %{{.*}} : !tkc.ptr<i32>
  %a = tkc.atomic_rmw and, relaxed, cta, %lock, %c1 : !tkc.ptr<i32>
  // CHECK: tkc.atomic_cas acquire, sys, %{{.*}}, %{{.*}}, %{{.*}} : !tkc.ptr<i32>
  %prev = tkc.atomic_cas acquire, sys, %lock, %c0, %c1 : !tkc.ptr<i32>
  // CHECK: tkc.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  %f8 = tkc.fp_to_fp %v, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  // CHECK: tkc.fp_to_fp %{{.*}} : tensor<64xf8E4M3FN> -> tensor<64xf16>
  %up = tkc.fp_to_fp %f8 : tensor<64xf8E4M3FN> -> tensor<64xf16>
  // CHECK: tkc.print " v: " {hex = false, isSigned = array<i1: false, true>} %{{.*}}, %{{.*}} : tensor<64xf32>, i32
  tkc.print " v: " {hex = false, isSigned = array<i1: false, true>} %v, %c0 : tensor<64xf32>, i32
  // CHECK: tkc.print "" {hex = true, isSigned = array<i1>}
  tkc.print "" {hex = true, isSigned = array<i1>}
  // CHECK: tkc.barrier
  tkc.barrier
  // CHECK: tkc.assert %{{.*}}, "mask must hold" : tensor<64xi1>
  tkc.assert %m, "mask must hold" : tensor<64xi1>
  return
}

// -----

// CHECK-LABEL: func.func @join_split
func.func @join_split(%a: tensor<16x8xf16>, %b: tensor<16x8xf16>) -> tensor<16x8xf16> {
  // CHECK: %[[J:.*]] = tkc.join %{{.*}}, %{{.*}} : tensor<16x8xf16> -> tensor<16x8x2xf16>
  %j = tkc.join %a, %b : tensor<16x8xf16> -> tensor<16x8x2xf16>
  // CHECK: %{{.*}}, %{{.*}} = tkc.split %[[J]] : tensor<16x8x2xf16> -> tensor<16x8xf16>
  %x, %y = tkc.split %j : tensor<16x8x2xf16> -> tensor<16x8xf16>
  return %y : tensor<16x8xf16>
}

// -----

// CHECK-LABEL: func.func @map_elementwise
func.func @map_elementwise(%x: tensor<64xf32>, %i: tensor<64xi32>) -> tensor<64xi32> {
  // CHECK: tkc.map_elementwise(%{{.*}}) pack = 1 : (tensor<64xf32>) -> tensor<64xf32> {
  // CHECK: cf.cond_br
  // CHECK-COUNT-2: tkc.map_elementwise.return %{{.*}} : f32
  %y = tkc.map_elementwise(%x) pack = 1 : (tensor<64xf32>) -> tensor<64xf32> {
  ^bb0(%a: f32):
    %zero = arith.constant 0.0 : f32
    %gt = arith.cmpf ogt, %a, %zero : f32
    cf.cond_br %gt, ^pos, ^neg
  ^pos:
    tkc.map_elementwise.return %a : f32
  ^neg:
    %n = arith.negf %a : f32
    tkc.map_elementwise.return %n : f32
  }
  // CHECK: tkc.map_elementwise(%{{.*}}, %{{.*}}) pack = 2 : (tensor<64xi32>, tensor<64xf32>) -> tensor<64xi32>
  // CHECK: tkc.map_elementwise.return %{{.*}}, %{{.*}} : i32, i32
  %z = tkc.map_elementwise(%i, %y) pack = 2 : (tensor<64xi32>, tensor<64xf32>) -> tensor<64xi32> {
  ^bb0(%i0: i32, %i1: i32, %f0: f32, %f1: f32):
    tkc.map_elementwise.return %i1, %i0 : i32, i32
  }
  return %z : tensor<64xi32>
}
