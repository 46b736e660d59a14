// RUN: tkc-opt %s --split-input-file --canonicalize | FileCheck %s
// Folds and canonicalization patterns of the tkc ops.

// A splat of a constant is a constant.
// CHECK-LABEL: func @splat_constant
func.func @splat_constant() -> tensor<128xf32> {
  // CHECK: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<128xf32>
  // CHECK-NEXT: return %[[C]]
  %c = arith.constant 2.5 : f32
  %s = tkc.splat %c : tensor<128xf32>
  return %s : tensor<128xf32>
}

// -----

// Shape-only ops of a splat become one splat of the final shape.
// CHECK-LABEL: func @splat_through_shape_ops
// CHECK-SAME: (%[[X:.*]]: f32)
func.func @splat_through_shape_ops(%x: f32) -> tensor<32x32xf32> {
  // CHECK-NEXT: %[[S:.*]] = tkc.splat %[[X]] : tensor<32x32xf32>
  // CHECK-NEXT: return %[[S]]
  %s = tkc.splat %x : tensor<32xf32>
  %e = tkc.expand_dims %s {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
  %b = tkc.broadcast %e : tensor<1x32xf32> -> tensor<32x32xf32>
  %t = tkc.trans %b {order = array<i32: 1, 0>} : tensor<32x32xf32> -> tensor<32x32xf32>
  %r = tkc.reshape %t : tensor<32x32xf32> -> tensor<1024xf32>
  %r2 = tkc.reshape %r : tensor<1024xf32> -> tensor<32x32xf32>
  %e2 = tkc.expand_dims %r2 {axis = 0 : i32} : tensor<32x32xf32> -> tensor<1x32x32xf32>
  %r3 = tkc.reshape %e2 : tensor<1x32x32xf32> -> tensor<32x32xf32>
  %b2 = tkc.broadcast %r3 : tensor<32x32xf32> -> tensor<32x32xf32>
  %r4 = tkc.reshape %b2 : tensor<32x32xf32> -> tensor<64x16xf32>
  %t2 = tkc.trans %r4 {order = array<i32: 1, 0>} : tensor<64x16xf32> -> tensor<16x64xf32>
  %t3 = tkc.trans %t2 {order = array<i32: 1, 0>} : tensor<16x64xf32> -> tensor<64x16xf32>
  %r5 = tkc.reshape %t3 : tensor<64x16xf32> -> tensor<64x16xf32>
  %b3 = tkc.reshape %r5 : tensor<64x16xf32> -> tensor<32x32xf32>
  return %b3 : tensor<32x32xf32>
}

// -----

// Identity broadcast, reshape and trans fold away; chains combine.
// CHECK-LABEL: func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<1x32xf32>, %[[Y:.*]]: tensor<4x8x16xf32>)
func.func @identities(%x: tensor<1x32xf32>, %y: tensor<4x8x16xf32>)
    -> (tensor<1x32xf32>, tensor<64x32xf32>, tensor<32xf32>, tensor<16x4x8xf32>) {
  %b0 = tkc.broadcast %x : tensor<1x32xf32> -> tensor<1x32xf32>
  %t0 = tkc.trans %b0 {order = array<i32: 0, 1>} : tensor<1x32xf32> -> tensor<1x32xf32>
  // CHECK: %[[B:.*]] = tkc.broadcast %[[X]] : tensor<1x32xf32> -> tensor<64x32xf32>
  %b1 = tkc.broadcast %x : tensor<1x32xf32> -> tensor<16x32xf32>
  %b2 = tkc.broadcast %b1 : tensor<16x32xf32> -> tensor<16x32xf32>
  %b3 = tkc.reshape %b2 : tensor<16x32xf32> -> tensor<512xf32>
  %b4 = tkc.reshape %b3 : tensor<512xf32> -> tensor<16x32xf32>
  %b5 = tkc.broadcast %x : tensor<1x32xf32> -> tensor<64x32xf32>
  // CHECK: %[[R:.*]] = tkc.reshape %[[X]] allow_reorder : tensor<1x32xf32> -> tensor<32xf32>
  %r1 = tkc.reshape %x allow_reorder : tensor<1x32xf32> -> tensor<2x16xf32>
  %r2 = tkc.reshape %r1 : tensor<2x16xf32> -> tensor<32xf32>
  // Result dim i of the pair is source dim inner[outer[i]] = [2, 0, 1].
  // CHECK: %[[T:.*]] = tkc.trans %[[Y]] {order = array<i32: 2, 0, 1>} : tensor<4x8x16xf32> -> tensor<16x4x8xf32>
  %t1 = tkc.trans %y {order = array<i32: 1, 2, 0>} : tensor<4x8x16xf32> -> tensor<8x16x4xf32>
  %t2 = tkc.trans %t1 {order = array<i32: 1, 2, 0>} : tensor<8x16x4xf32> -> tensor<16x4x8xf32>
  // CHECK: return %[[X]], %[[B]], %[[R]], %[[T]]
  return %t0, %b5, %r2, %t2 : tensor<1x32xf32>, tensor<64x32xf32>, tensor<32xf32>, tensor<16x4x8xf32>
}

// -----

// Constant splat operands of shape-only ops fold to constants.
// CHECK-LABEL: func @constant_shapes
func.func @constant_shapes() -> (tensor<8x4xi32>, tensor<4x1xi32>, tensor<2x2xi32>, tensor<4x8xi32>) {
  // CHECK-DAG: arith.constant dense<7> : tensor<8x4xi32>
  // CHECK-DAG: arith.constant dense<7> : tensor<4x1xi32>
  // CHECK-DAG: arith.constant dense<7> : tensor<2x2xi32>
  // CHECK-DAG: arith.constant dense<7> : tensor<4x8xi32>
  // CHECK-NOT: tkc.
  %c = arith.constant dense<7> : tensor<1x4xi32>
  %v = arith.constant dense<7> : tensor<4xi32>
  %b = tkc.broadcast %c : tensor<1x4xi32> -> tensor<8x4xi32>
  %e = tkc.expand_dims %v {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %r = tkc.reshape %v : tensor<4xi32> -> tensor<2x2xi32>
  %w = arith.constant dense<7> : tensor<8x4xi32>
  %t = tkc.trans %w {order = array<i32: 1, 0>} : tensor<8x4xi32> -> tensor<4x8xi32>
  return %b, %e, %r, %t : tensor<8x4xi32>, tensor<4x1xi32>, tensor<2x2xi32>, tensor<4x8xi32>
}

// -----

// Adding a zero offset is the identity; other offsets stay.
// CHECK-LABEL: func @addptr_zero
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tkc.ptr<f16>>, %[[O:.*]]: tensor<64xi32>)
func.func @addptr_zero(%p: tensor<64x!tkc.ptr<f16>>, %o: tensor<64xi32>)
    -> (tensor<64x!tkc.ptr<f16>>, tensor<64x!tkc.ptr<f16>>) {
  %z = arith.constant dense<0> : tensor<64xi32>
  %q = tkc.addptr %p, %z : tensor<64x!tkc.ptr<f16>>, tensor<64xi32>
  // CHECK: %[[Q:.*]] = tkc.addptr %[[P]], %[[O]]
  %r = tkc.addptr %p, %o : tensor<64x!tkc.ptr<f16>>, tensor<64xi32>
  // CHECK: return %[[P]], %[[Q]]
  return %q, %r : tensor<64x!tkc.ptr<f16>>, tensor<64x!tkc.ptr<f16>>
}

// -----

// Constant masks: all-true drops the mask, all-false gives `other` or
// removes the store; unknown masks stay.
// CHECK-LABEL: func @constant_masks
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tkc.ptr<f32>>, %[[O:.*]]: tensor<64xf32>, %[[M:.*]]: tensor<64xi1>)
func.func @constant_masks(%p: tensor<64x!tkc.ptr<f32>>, %o: tensor<64xf32>, %m: tensor<64xi1>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %t = arith.constant dense<true> : tensor<64xi1>
  %f = arith.constant dense<false> : tensor<64xi1>
  // CHECK: %[[L1:.*]] = tkc.load %[[P]] : tensor<64x!tkc.ptr<f32>>
  %l1 = tkc.load %p, %t, %o : tensor<64x!tkc.ptr<f32>>
  %l2 = tkc.load %p, %f, %o : tensor<64x!tkc.ptr<f32>>
  // CHECK: %[[L3:.*]] = tkc.load %[[P]], %[[M]], %[[O]] : tensor<64x!tkc.ptr<f32>>
  %l3 = tkc.load %p, %m, %o : tensor<64x!tkc.ptr<f32>>
  // CHECK: tkc.store %[[P]], %[[L1]] : tensor<64x!tkc.ptr<f32>>
  tkc.store %p, %l1, %t : tensor<64x!tkc.ptr<f32>>
  // CHECK-NOT: tkc.store
  tkc.store %p, %l1, %f : tensor<64x!tkc.ptr<f32>>
  // CHECK: return %[[L1]], %[[O]], %[[L3]]
  return %l1, %l2, %l3 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// -----

// A volatile load with a false mask still happens (no read, but kept).
// CHECK-LABEL: func @volatile_false_mask
func.func @volatile_false_mask(%p: tensor<64x!tkc.ptr<f32>>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %f = arith.constant dense<false> : tensor<64xi1>
  // CHECK: tkc.load {{.*}} volatile
  %l = tkc.load %p, %f, %o volatile : tensor<64x!tkc.ptr<f32>>
  return %l : tensor<64xf32>
}

// -----

// Same-type casts fold away.
// CHECK-LABEL: func @identity_casts
// CHECK-SAME: (%[[P:.*]]: !tkc.ptr<f32>, %[[X:.*]]: tensor<8xf16>)
func.func @identity_casts(%p: !tkc.ptr<f32>, %x: tensor<8xf16>) -> (!tkc.ptr<f32>, tensor<8xf16>) {
  %q = tkc.ptr_cast %p : !tkc.ptr<f32> -> !tkc.ptr<f32>
  %y = tkc.fp_to_fp %x : tensor<8xf16> -> tensor<8xf16>
  // CHECK: return %[[P]], %[[X]]
  return %q, %y : !tkc.ptr<f32>, tensor<8xf16>
}

// -----

// Constants convert at compile time (an fp8 load's `other=0.0`), rounded as
// the op says: 0.3 is 0.3125 in e4m3 to nearest, 0.28125 toward zero.
// CHECK-LABEL: func @constant_conversions
// CHECK-DAG: arith.constant dense<0.000000e+00> : tensor<8xf8E4M3FN>
// CHECK-DAG: arith.constant 3.125000e-01 : f8E4M3FN
// CHECK-DAG: arith.constant 2.812500e-01 : f8E4M3FN
// CHECK-NOT: tkc.fp_to_fp
func.func @constant_conversions() -> (tensor<8xf8E4M3FN>, f8E4M3FN, f8E4M3FN) {
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %z = tkc.fp_to_fp %zero, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FN>
  %c = arith.constant 0.3 : f32
  %n = tkc.fp_to_fp %c, rounding = rtne : f32 -> f8E4M3FN
  %t = tkc.fp_to_fp %c, rounding = rtz : f32 -> f8E4M3FN
  return %z, %n, %t : tensor<8xf8E4M3FN>, f8E4M3FN, f8E4M3FN
}

// -----

// Unused pure ops vanish; stores and atomics stay.
// CHECK-LABEL: func @dead_code
func.func @dead_code(%p: !tkc.ptr<i32>, %v: i32) {
  // CHECK-NOT: tkc.program_id
  // CHECK-NOT: tkc.make_range
  // CHECK: tkc.atomic_rmw add
  // CHECK: tkc.store
  %pid = tkc.program_id 0
  %r = tkc.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %l = tkc.load %p : !tkc.ptr<i32>
  %a = tkc.atomic_rmw add, relaxed, gpu, %p, %v : !tkc.ptr<i32>
  tkc.store %p, %v : !tkc.ptr<i32>
  return
}
