// RUN: tkc-opt --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" %s | FileCheck %s --check-prefixes=CHECK,HW
// RUN: tkc-opt --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=cuda:80" %s | FileCheck %s --check-prefixes=CHECK,SW
// RUN: sed -e 's/threads_per_warp = 32/threads_per_warp = 64/' -e 's/threadsPerWarp = \[32\]/threadsPerWarp = [64]/' %s | tkc-opt --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s --check-prefixes=CHECK,SW
// tkc.fp_to_fp with an fp8 end goes through f32, one register at a time.
// sm_89 and later convert two registers per cvt (the intrinsics below);
// sm_80 and AMD's gfx942, whose fp8 kinds are the FNUZ ones, convert the
// OCP kinds in software (Fp8LoweringTest checks those bit for bit).
// (Rounding other than to nearest even is reported: unsupported.mlir.)

#l = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @narrow
  // fp16 widens to f32 first; four registers make two pairs.
  // CHECK-COUNT-4: llvm.fpext %{{.*}} : f16 to f32
  // HW-COUNT-2: llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"
  // SW: llvm.intr.minnum
  // SW: llvm.intr.roundeven
  // CHECK-NOT: llvm.call_intrinsic "llvm.nvvm.ff.to.e4m3x2.rn"
  func.func @narrow(%x: tensor<128xf16, #l>) -> tensor<128xf8E4M3FN, #l> {
    %y = tkc.fp_to_fp %x, rounding = rtne : tensor<128xf16, #l> -> tensor<128xf8E4M3FN, #l>
    return %y : tensor<128xf8E4M3FN, #l>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @widen
  // HW-COUNT-2: llvm.call_intrinsic "llvm.nvvm.e5m2x2.to.f16x2.rn"
  // SW-COUNT-4: llvm.bitcast %{{.*}} : i16 to f16
  // CHECK-COUNT-4: llvm.fptrunc %{{.*}} : f32 to bf16
  func.func @widen(%x: tensor<128xf8E5M2, #l>) -> tensor<128xbf16, #l> {
    %y = tkc.fp_to_fp %x : tensor<128xf8E5M2, #l> -> tensor<128xbf16, #l>
    return %y : tensor<128xbf16, #l>
  }
}

// -----

// A scalar: one register; on sm_90a the cvt pairs it with itself.
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @scalar
  // HW: llvm.call_intrinsic "llvm.nvvm.ff.to.e5m2x2.rn"(%[[X:.*]], %[[X]])
  // SW: llvm.intr.roundeven
  func.func @scalar(%x: f32) -> f8E5M2 {
    %y = tkc.fp_to_fp %x, rounding = rtne : f32 -> f8E5M2
    return %y : f8E5M2
  }
}

