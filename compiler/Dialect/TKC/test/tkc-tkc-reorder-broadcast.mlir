// RUN: tkc-opt %s --split-input-file --tkc-tkc-reorder-broadcast | FileCheck %s
// The tkc-tkc-reorder-broadcast pass computes elementwise ops before splat
// and broadcast.

// Splats of scalars: the op runs once on the scalars.
// CHECK-LABEL: func @splat_operands
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
func.func @splat_operands(%x: f32, %y: f32) -> tensor<128xf32> {
  // CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
  // CHECK: %[[S:.*]] = tkc.splat %[[M]] : tensor<128xf32>
  // CHECK: return %[[S]]
  %a = tkc.splat %x : tensor<128xf32>
  %b = tkc.splat %y : tensor<128xf32>
  %c = arith.mulf %a, %b : tensor<128xf32>
  return %c : tensor<128xf32>
}

// -----

// A splat and a splat constant; comparisons change the element type.
// CHECK-LABEL: func @splat_and_constant
// CHECK-SAME: (%[[I:.*]]: i32)
func.func @splat_and_constant(%i: i32) -> tensor<64xi1> {
  // CHECK: %[[C:.*]] = arith.constant 16 : i32
  // CHECK: %[[CMP:.*]] = arith.cmpi slt, %[[I]], %[[C]] : i32
  // CHECK: tkc.splat %[[CMP]] : tensor<64xi1>
  %a = tkc.splat %i : tensor<64xi32>
  %c = arith.constant dense<16> : tensor<64xi32>
  %m = arith.cmpi slt, %a, %c : tensor<64xi32>
  return %m : tensor<64xi1>
}

// -----

// Broadcasts from one shape: the ops run on the narrow block, and the chain
// ends in a single broadcast.
// CHECK-LABEL: func @broadcast_operands
// CHECK-SAME: (%[[X:.*]]: tensor<1x64xf32>, %[[Y:.*]]: tensor<1x64xf32>)
func.func @broadcast_operands(%x: tensor<1x64xf32>, %y: tensor<1x64xf32>) -> tensor<32x64xf32> {
  // CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<1x64xf32>
  // CHECK: %[[A:.*]] = arith.addf %[[X]], %[[Y]] : tensor<1x64xf32>
  // CHECK: %[[M:.*]] = math.exp %[[X]] : tensor<1x64xf32>
  // CHECK: %[[N:.*]] = arith.mulf %[[M]], %[[C]] : tensor<1x64xf32>
  // CHECK: %[[R:.*]] = arith.addf %[[A]], %[[N]] : tensor<1x64xf32>
  // CHECK: %[[B:.*]] = tkc.broadcast %[[R]] : tensor<1x64xf32> -> tensor<32x64xf32>
  // CHECK-NOT: tkc.broadcast
  // CHECK: return %[[B]]
  %a = tkc.broadcast %x : tensor<1x64xf32> -> tensor<32x64xf32>
  %b = tkc.broadcast %y : tensor<1x64xf32> -> tensor<32x64xf32>
  %s = arith.addf %a, %b : tensor<32x64xf32>
  %e = math.exp %a : tensor<32x64xf32>
  %two = arith.constant dense<2.0> : tensor<32x64xf32>
  %m = arith.mulf %e, %two : tensor<32x64xf32>
  %r = arith.addf %s, %m : tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// -----

// Left alone: broadcasts from different shapes, operands that are neither
// broadcasts nor constants, and ops with side effects.
// CHECK-LABEL: func @no_reorder
func.func @no_reorder(%x: tensor<1x64xf32>, %y: tensor<32x1xf32>, %z: tensor<32x64xf32>, %p: f32)
    -> (tensor<32x64xf32>, tensor<32x64xf32>) {
  // CHECK: %[[A:.*]] = tkc.broadcast
  // CHECK: %[[B:.*]] = tkc.broadcast
  // CHECK: arith.addf %[[A]], %[[B]] : tensor<32x64xf32>
  %a = tkc.broadcast %x : tensor<1x64xf32> -> tensor<32x64xf32>
  %b = tkc.broadcast %y : tensor<32x1xf32> -> tensor<32x64xf32>
  %s = arith.addf %a, %b : tensor<32x64xf32>
  // CHECK: arith.mulf %[[A]], %{{.*}} : tensor<32x64xf32>
  %m = arith.mulf %a, %z : tensor<32x64xf32>
  return %s, %m : tensor<32x64xf32>, tensor<32x64xf32>
}
