//===- Passes.td - Passes over the tkc dialect -------------*- tablegen -*-===//
//
// Declares the tkc dialect's own passes. Each has one .cpp beside this file
// and a lit test named after its argument in ../test/.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKC_TRANSFORMS_PASSES_TD
#define TKC_DIALECT_TKC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TKCCombine : Pass<"tkc-tkc-combine", "::mlir::ModuleOp"> {
  let summary = "Peephole combinations of tkc ops that canonicalization does not do";
  let description = [{
    Folds patterns that frontends produce but that are not canonical forms
    of any single op:

    - a dot with a zero accumulator followed by an add becomes a dot that
      accumulates into the addend:

      ```mlir
      %d = tkc.dot %a, %b, %zero : ...      // %zero = splat 0.0
      %e = arith.addf %d, %c : tensor<64x64xf32>
      // becomes
      %e = tkc.dot %a, %b, %c : ...
      ```

    - `addptr(addptr(p, a), b)` becomes `addptr(p, a + b)` when `a` and `b`
      have the same type;
    - `select(mask, load(p, mask), x)` becomes `load(p, mask, x)`: the load
      already yields `x` wherever the mask is false;
    - `reshape(load(p, mask, other))`, a reshape that keeps the elements'
      order and only merges dimensions, of a load it alone uses, becomes a
      load of the reshaped pointers, mask and `other`: the load is laid out
      and copied ahead in the shape its value is used in.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TKCReorderBroadcast : Pass<"tkc-tkc-reorder-broadcast", "::mlir::ModuleOp"> {
  let summary = "Compute elementwise ops before splat and broadcast";
  let description = [{
    An elementwise op whose operands are all splats computes one scalar and
    splats it; one whose operands are all broadcasts from the same shape
    computes on the smaller block and broadcasts the result. Splat
    constants are reshaped as needed. This cuts the work per element, for
    example in `x * scale[None, :]` patterns.

    ```mlir
    %a = tkc.splat %x : tensor<128xf32>
    %b = tkc.splat %y : tensor<128xf32>
    %c = arith.mulf %a, %b : tensor<128xf32>
    // becomes
    %m = arith.mulf %x, %y : f32
    %c = tkc.splat %m : tensor<128xf32>
    ```
  }];
}

def TKCLoopUnroll : Pass<"tkc-tkc-loop-unroll", "::mlir::ModuleOp"> {
  let summary = "Unroll the loops tl.range's loop_unroll_factor marks";
  let description = [{
    An `scf.for` with `tkc.loop_unroll_factor` N above 1 (`tl.range(...,
    loop_unroll_factor=N)`) becomes a loop whose body holds N copies of the
    original, stepping N times as far, followed by a loop over the
    iterations that remain (fewer than N), as Triton unrolls it before its
    loops are pipelined. The remainder loop is not pipelined
    (`tkc.num_stages` 1); the main loop keeps the original's other
    options. The factor is removed from both. A range with a run-time bound
    is first taken up to the greater of its bounds, the same iterations, so
    that one whose upper bound is below its lower stays empty: MLIR's
    unrolling, which Triton's pass calls as it is, counts iterations
    unsigned and would run such a range's remainder loop from below its
    lower bound (0 to -5 step 4 by 2: once, at -8).

    ```mlir
    scf.for %i = %lb to %ub step %s {...} {tkc.loop_unroll_factor = 2 : i32}
    // becomes
    scf.for %i = %lb to %ub2 step %s2 {... ...}     // %s2 = 2 * %s
    scf.for %i = %ub2 to %ub step %s {...} {tkc.num_stages = 1 : i32}
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // TKC_DIALECT_TKC_TRANSFORMS_PASSES_TD
