// RUN: tkc-opt %s --split-input-file --tkc-ttir | FileCheck %s
// The ttir pipeline: helpers are inlined and removed, tkc combines and
// broadcast reordering apply, duplicates are merged, values whose integer
// range is one number become that number, and loop-invariant address
// computations leave the loop.

// CHECK-NOT: func.func private @offsets
func.func private @offsets(%base: i32) -> tensor<64xi32> {
  %r = tkc.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %b = tkc.splat %base : tensor<64xi32>
  %o = arith.addi %b, %r : tensor<64xi32>
  return %o : tensor<64xi32>
}

// CHECK-LABEL: func.func @kernel
// CHECK-SAME: (%[[P:.*]]: !tkc.ptr<f32>, %[[N:.*]]: i32)
func.func @kernel(%p: !tkc.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %pid = tkc.program_id 0
  %c64 = arith.constant 64 : i32
  %base = arith.muli %pid, %c64 : i32
  // CHECK: tkc.program_id 0
  // CHECK-NOT: func.call
  // CHECK: %[[R:.*]] = tkc.make_range
  // The pointer and mask computation is hoisted out of the loop.
  // CHECK: %[[PTRS:.*]] = tkc.addptr
  // CHECK: %[[MASK:.*]] = arith.cmpi slt
  // CHECK: scf.for
  // CHECK-NOT: tkc.make_range
  // CHECK: tkc.load %[[PTRS]], %[[MASK]], %{{.*}} :
  // CHECK-NOT: arith.select
  // CHECK: tkc.store %[[PTRS]], %{{.*}}, %[[MASK]]
  scf.for %i = %c0 to %c4 step %c1 {
    %offs = func.call @offsets(%base) : (i32) -> tensor<64xi32>
    %ps = tkc.splat %p : tensor<64x!tkc.ptr<f32>>
    %ptrs = tkc.addptr %ps, %offs : tensor<64x!tkc.ptr<f32>>, tensor<64xi32>
    %nb = tkc.splat %n : tensor<64xi32>
    %mask = arith.cmpi slt, %offs, %nb : tensor<64xi32>
    %x = tkc.load %ptrs, %mask : tensor<64x!tkc.ptr<f32>>
    %zero = arith.constant dense<0.0> : tensor<64xf32>
    %xs = arith.select %mask, %x, %zero : tensor<64xi1>, tensor<64xf32>
    %two = arith.constant dense<2.0> : tensor<64xf32>
    %y = arith.mulf %xs, %two : tensor<64xf32>
    tkc.store %ptrs, %y, %mask : tensor<64x!tkc.ptr<f32>>
  }
  return
}

// -----

// A loop that runs at most once (LightLLM's `for start_mark in range(0,
// block_mask, 1)`, block_mask 0 or 1): its induction variable is 0
// wherever the body runs, so the addresses it offsets keep their
// alignment (the row of q loads in 16-byte vectors, not element by
// element), and they leave the loop.
// CHECK-LABEL: func.func @at_most_once
// CHECK-SAME: (%[[Q:[^:]*]]: !tkc.ptr<f16>
// CHECK: %[[R:.*]] = tkc.make_range
// CHECK: %[[S:.*]] = tkc.splat %[[Q]]
// CHECK: %[[A:.*]] = tkc.addptr %[[S]], %[[R]]
// CHECK: scf.for
// CHECK-NEXT: tkc.load %[[A]]
func.func @at_most_once(%q: !tkc.ptr<f16>, %o: !tkc.ptr<f16>, %start: i32, %len: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %runs = arith.cmpi slt, %start, %len : i32
  %ub = arith.extui %runs : i1 to i32
  %r = tkc.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %iv = tkc.splat %i : tensor<128xi32>
    %offs = arith.addi %r, %iv : tensor<128xi32>
    %qs = tkc.splat %q : tensor<128x!tkc.ptr<f16>>
    %qp = tkc.addptr %qs, %offs : tensor<128x!tkc.ptr<f16>>, tensor<128xi32>
    %v = tkc.load %qp : tensor<128x!tkc.ptr<f16>>
    %os = tkc.splat %o : tensor<128x!tkc.ptr<f16>>
    %op = tkc.addptr %os, %r : tensor<128x!tkc.ptr<f16>>, tensor<128xi32>
    tkc.store %op, %v : tensor<128x!tkc.ptr<f16>>
  }
  return
}
