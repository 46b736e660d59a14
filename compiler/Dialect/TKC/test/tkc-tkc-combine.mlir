// RUN: tkc-opt %s --split-input-file --tkc-tkc-combine | FileCheck %s
// The tkc-tkc-combine pass: dot accumulation, addptr chains, select of a
// masked load, reshapes of loads.

// A dot into zero followed by an add accumulates into the addend.
// CHECK-LABEL: func @dot_add
// CHECK-SAME: (%[[A:.*]]: tensor<64x32xf16>, %[[B:.*]]: tensor<32x64xf16>, %[[C:.*]]: tensor<64x64xf32>)
func.func @dot_add(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  // CHECK: %[[D:.*]] = tkc.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  // CHECK-NOT: arith.addf
  // CHECK: return %[[D]]
  %d = tkc.dot %a, %b, %z : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %e = arith.addf %c, %d : tensor<64x64xf32>
  return %e : tensor<64x64xf32>
}

// -----

// Integer dots combine with addi; precision attributes survive.
// CHECK-LABEL: func @dot_addi
func.func @dot_addi(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %z = arith.constant dense<0> : tensor<16x16xi32>
  // CHECK: tkc.dot %{{.*}}, %{{.*}}, %{{.*}} {max_num_imprecise_acc = 8 : i32}
  // CHECK-NOT: arith.addi
  %d = tkc.dot %a, %b, %z {max_num_imprecise_acc = 8 : i32} : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %e = arith.addi %d, %c : tensor<16x16xi32>
  return %e : tensor<16x16xi32>
}

// -----

// Not combined: a non-zero accumulator, or a dot with another user.
// CHECK-LABEL: func @dot_no_combine
func.func @dot_no_combine(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>)
    -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  // CHECK: %[[D1:.*]] = tkc.dot %{{.*}}, %{{.*}}, %[[ACC:.*]] :
  // CHECK: arith.addf %[[D1]]
  %d1 = tkc.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %e1 = arith.addf %d1, %c : tensor<16x16xf32>
  // CHECK: %[[D2:.*]] = tkc.dot
  // CHECK: %[[E2:.*]] = arith.addf %[[D2]]
  // CHECK: arith.mulf %[[E2]], %[[D2]]
  %d2 = tkc.dot %a, %b, %z : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %e2 = arith.addf %d2, %c : tensor<16x16xf32>
  %f2 = arith.mulf %e2, %d2 : tensor<16x16xf32>
  return %e1, %f2 : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// Chained addptrs with offsets of one type add the offsets.
// CHECK-LABEL: func @addptr_chain
// CHECK-SAME: (%[[P:.*]]: tensor<32x!tkc.ptr<f32>>, %[[A:.*]]: tensor<32xi32>, %[[B:.*]]: tensor<32xi32>, %[[W:.*]]: tensor<32xi64>)
func.func @addptr_chain(%p: tensor<32x!tkc.ptr<f32>>, %a: tensor<32xi32>, %b: tensor<32xi32>, %w: tensor<32xi64>)
    -> (tensor<32x!tkc.ptr<f32>>, tensor<32x!tkc.ptr<f32>>) {
  // CHECK: %[[S:.*]] = arith.addi %[[A]], %[[B]] : tensor<32xi32>
  // CHECK: %[[Q:.*]] = tkc.addptr %[[P]], %[[S]]
  %q1 = tkc.addptr %p, %a : tensor<32x!tkc.ptr<f32>>, tensor<32xi32>
  %q2 = tkc.addptr %q1, %b : tensor<32x!tkc.ptr<f32>>, tensor<32xi32>
  // Offsets of different widths are left alone.
  // CHECK: %[[R1:.*]] = tkc.addptr %[[P]], %[[A]]
  // CHECK: %[[R2:.*]] = tkc.addptr %[[R1]], %[[W]]
  %r1 = tkc.addptr %p, %a : tensor<32x!tkc.ptr<f32>>, tensor<32xi32>
  %r2 = tkc.addptr %r1, %w : tensor<32x!tkc.ptr<f32>>, tensor<32xi64>
  // CHECK: return %[[Q]], %[[R2]]
  return %q2, %r2 : tensor<32x!tkc.ptr<f32>>, tensor<32x!tkc.ptr<f32>>
}

// -----

// A select on the load's own mask becomes the load's `other`.
// CHECK-LABEL: func @select_masked_load
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tkc.ptr<f32>>, %[[M:.*]]: tensor<64xi1>, %[[X:.*]]: tensor<64xf32>, %[[N:.*]]: tensor<64xi1>)
func.func @select_masked_load(%p: tensor<64x!tkc.ptr<f32>>, %m: tensor<64xi1>, %x: tensor<64xf32>, %n: tensor<64xi1>)
    -> (tensor<64xf32>, tensor<64xf32>) {
  // CHECK: %[[L:.*]] = tkc.load %[[P]], %[[M]], %[[X]] evict = evict_first : tensor<64x!tkc.ptr<f32>>
  // CHECK-NOT: arith.select %[[M]]
  %l = tkc.load %p, %m evict = evict_first : tensor<64x!tkc.ptr<f32>>
  %s = arith.select %m, %l, %x : tensor<64xi1>, tensor<64xf32>
  // A different mask keeps the select.
  // CHECK: %[[L2:.*]] = tkc.load %[[P]], %[[M]] :
  // CHECK: %[[S2:.*]] = arith.select %[[N]], %[[L2]], %[[X]]
  %l2 = tkc.load %p, %m : tensor<64x!tkc.ptr<f32>>
  %s2 = arith.select %n, %l2, %x : tensor<64xi1>, tensor<64xf32>
  // CHECK: return %[[L]], %[[S2]]
  return %s, %s2 : tensor<64xf32>, tensor<64xf32>
}

// -----

// A reshape that merges a loaded window's dimensions moves onto the load's
// pointers, mask and `other`; one that splits a dimension, or of a load
// with other users, stays.
// CHECK-LABEL: func @reshape_of_load
// CHECK-SAME: (%[[P:.*]]: tensor<64x32x8x!tkc.ptr<f16>>, %[[M:.*]]: tensor<64x32x8xi1>, %[[O:.*]]: tensor<64x32x8xf16>, %[[Q:.*]]: tensor<2048x!tkc.ptr<f16>>)
func.func @reshape_of_load(%p: tensor<64x32x8x!tkc.ptr<f16>>, %m: tensor<64x32x8xi1>, %o: tensor<64x32x8xf16>, %q: tensor<2048x!tkc.ptr<f16>>)
    -> (tensor<64x256xf16>, tensor<16x128xf16>, tensor<64x256xf16>, tensor<64x32x8xf16>) {
  // CHECK-DAG: %[[RP:.*]] = tkc.reshape %[[P]] : tensor<64x32x8x!tkc.ptr<f16>> -> tensor<64x256x!tkc.ptr<f16>>
  // CHECK-DAG: %[[RM:.*]] = tkc.reshape %[[M]] : tensor<64x32x8xi1> -> tensor<64x256xi1>
  // CHECK-DAG: %[[RO:.*]] = tkc.reshape %[[O]] : tensor<64x32x8xf16> -> tensor<64x256xf16>
  // CHECK: %[[L:.*]] = tkc.load %[[RP]], %[[RM]], %[[RO]] cache = cg : tensor<64x256x!tkc.ptr<f16>>
  %l = tkc.load %p, %m, %o cache = cg : tensor<64x32x8x!tkc.ptr<f16>>
  %r = tkc.reshape %l : tensor<64x32x8xf16> -> tensor<64x256xf16>
  // CHECK: %[[L2:.*]] = tkc.load %[[Q]] : tensor<2048x!tkc.ptr<f16>>
  // CHECK: %[[R2:.*]] = tkc.reshape %[[L2]] : tensor<2048xf16> -> tensor<16x128xf16>
  %l2 = tkc.load %q : tensor<2048x!tkc.ptr<f16>>
  %r2 = tkc.reshape %l2 : tensor<2048xf16> -> tensor<16x128xf16>
  // CHECK: %[[L3:.*]] = tkc.load %[[P]] : tensor<64x32x8x!tkc.ptr<f16>>
  // CHECK: %[[R3:.*]] = tkc.reshape %[[L3]] : tensor<64x32x8xf16> -> tensor<64x256xf16>
  %l3 = tkc.load %p : tensor<64x32x8x!tkc.ptr<f16>>
  %r3 = tkc.reshape %l3 : tensor<64x32x8xf16> -> tensor<64x256xf16>
  // CHECK: return %[[L]], %[[R2]], %[[R3]], %[[L3]]
  return %r, %r2, %r3, %l3 : tensor<64x256xf16>, tensor<16x128xf16>, tensor<64x256xf16>, tensor<64x32x8xf16>
}
