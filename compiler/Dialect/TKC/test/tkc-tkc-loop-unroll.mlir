// RUN: tkc-opt %s --split-input-file --tkc-tkc-loop-unroll | FileCheck %s
// The tkc-tkc-loop-unroll pass unrolls the loops tl.range's
// loop_unroll_factor marks: a main loop of whole groups of iterations, each
// body copied, then a loop over the rest, not pipelined.

// A run-time trip count: the main loop steps 2 * step up to the last whole
// pair, keeping the loop's other options; the rest runs one at a time. The
// range runs up to the greater of its bounds (an upper bound below the
// lower one would otherwise run the remainder loop from below the lower
// bound: the unrolling counts the iterations unsigned).
// CHECK-LABEL: func.func @sum
// CHECK-SAME: (%[[P:.*]]: !tkc.ptr<f32>, %[[LB:.*]]: i32, %[[UB0:.*]]: i32, %[[STEP:.*]]: i32)
// CHECK: %[[UB:.*]] = arith.maxsi %[[UB0]], %[[LB]] : i32
// CHECK: arith.subi %[[UB]], %[[LB]]
// CHECK: %[[STEP2:.*]] = arith.muli %[[STEP]], %c2_i32
// CHECK: %[[MAIN:.*]] = scf.for %[[I:.*]] = %[[LB]] to %[[UB2:.*]] step %[[STEP2]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) : i32 {
// CHECK: tkc.addptr %[[P]], %[[I]]
// CHECK: tkc.load
// CHECK: arith.addf %[[ACC]]
// CHECK: %[[OFF:.*]] = arith.muli %[[STEP]], %c1_i32
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %[[OFF]]
// CHECK: tkc.addptr %[[P]], %[[NEXT]]
// CHECK: tkc.load
// CHECK: arith.addf
// CHECK: scf.yield
// CHECK-NEXT: } {tkc.num_stages = 3 : i32}
// CHECK: %[[REST:.*]] = scf.for %{{.*}} = %[[UB2]] to %[[UB]] step %[[STEP]] iter_args(%{{.*}} = %[[MAIN]]) -> (f32) : i32 {
// CHECK: tkc.load
// CHECK-NOT: tkc.load
// CHECK: } {tkc.num_stages = 1 : i32}
// CHECK: return %[[REST]]
// CHECK-NOT: loop_unroll_factor
func.func @sum(%p: !tkc.ptr<f32>, %lb: i32, %ub: i32, %step: i32) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero) -> (f32) : i32 {
    %q = tkc.addptr %p, %i : !tkc.ptr<f32>, i32
    %v = tkc.load %q : !tkc.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  } {tkc.loop_unroll_factor = 2 : i32, tkc.num_stages = 3 : i32}
  return %r : f32
}

// -----

// A factor of 1, or a trip count that the factor divides: one loop, and no
// remainder loop where the trip count is known.
// CHECK-LABEL: func.func @whole
// CHECK: scf.for %{{.*}} = %c0_i32 to %c8_i32 step %c4_i32
// CHECK-COUNT-2: tkc.store
// CHECK-NOT: scf.for
// CHECK-LABEL: func.func @one
// CHECK: scf.for
// CHECK-COUNT-1: tkc.store
// CHECK-NOT: loop_unroll_factor
func.func @whole(%p: !tkc.ptr<f32>, %v: f32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c0 to %c8 step %c2 : i32 {
    %q = tkc.addptr %p, %i : !tkc.ptr<f32>, i32
    tkc.store %q, %v : !tkc.ptr<f32>
  } {tkc.loop_unroll_factor = 2 : i32}
  return
}
func.func @one(%p: !tkc.ptr<f32>, %v: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = tkc.addptr %p, %i : !tkc.ptr<f32>, i32
    tkc.store %q, %v : !tkc.ptr<f32>
  } {tkc.loop_unroll_factor = 1 : i32}
  return
}
