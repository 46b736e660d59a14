// RUN: tkc-opt %s --tkc-ttir | FileCheck %s
// The ttir pipeline: helpers are inlined and removed, tkc combines and
// broadcast reordering apply, duplicates are merged, and loop-invariant
// address computations leave the loop.

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
