// RUN: sed -e "s/WAVE/32/g" %s | tkc-opt --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s
// RUN: sed -e "s/WAVE/64/g" %s | tkc-opt --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s
// tkc.assume (tl.assume) becomes llvm.intr.assume of the same condition,
// on every target.

module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @assumes
  // CHECK: %[[C:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: llvm.intr.assume %[[C]] : i1
  func.func @assumes(%stride: i32) {
    %c1 = arith.constant 1 : i32
    %unit = arith.cmpi eq, %stride, %c1 : i32
    tkc.assume %unit
    return
  }
}
