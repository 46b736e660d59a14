// RUN: tkc-opt %s --split-input-file --tkc-tkc-combine | FileCheck %s
// The tkc-tkc-combine pass: dot accumulation, addptr chains, select of a
// masked load.

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
