// RUN: tkc compile %s --emit=ttir | FileCheck %s
// RUN: tkc compile %s --emit=ttir -o %t.mlir && FileCheck %s < %t.mlir
// RUN: not tkc compile %S/inputs/invalid-ttir.mlir --emit=ttir -o %t.bad 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: not test -e %t.bad
// `tkc compile --emit=ttir` runs the ttir pipeline on tkc-dialect input.
// Verifier errors point at file:line:col with the source line, and no
// output file is left behind.

// CHECK-LABEL: func.func @scale
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK: %[[S:.*]] = tkc.splat %[[M]] : tensor<128xf32>
// CHECK: return %[[S]]
func.func @scale(%x: f32, %y: f32) -> tensor<128xf32> {
  %a = tkc.splat %x : tensor<128xf32>
  %b = tkc.splat %y : tensor<128xf32>
  %c = arith.mulf %a, %b : tensor<128xf32>
  return %c : tensor<128xf32>
}

// DIAG: invalid-ttir.mlir:5:8: error: 'tkc.broadcast' op cannot broadcast dimension 0 of size 2 to 4
// DIAG-NEXT: %b = tkc.broadcast %x : tensor<2x8xf32> -> tensor<4x8xf32>
// DIAG-NEXT: ^
