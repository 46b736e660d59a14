// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" --verify-diagnostics
// RUN: not tkc-opt %s --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" 2>&1 | FileCheck %s --check-prefix=HIP
// RUN: not tkc-opt %s --split-input-file --tkc-convert-tkc-gpu-to-llvm 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not tkc-opt %s --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=cuda:70" 2>&1 | FileCheck %s --check-prefix=BADTARGET
// What code generation cannot handle is reported where it is; the
// expected-error lines are those of cuda:90a. The pass assumes no target:
// without one, or with one it does not know, it reports that on the module.

// NOTARGET: unsupported.mlir:[[@LINE+4]]:1: error: no target given: set the pass's `target` option (supported: {{.*}})
// BADTARGET: unsupported.mlir:[[@LINE+3]]:1: error: unknown target 'cuda:70'
// A module laid out for wave64 on a 32-lane target.
// expected-error @+1 {{the module was laid out for 64 threads per warp, but 'cuda:90a' has 32}}
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 64 : i32} {
}

// -----

// A module laid out for 32 lanes on a wave64 target; on the 32-lane target,
// the first op it cannot lower yet.
// HIP: unsupported.mlir:[[@LINE+1]]:1: error: the module was laid out for 32 threads per warp, but 'hip:gfx942' has 64
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @bool_load(%p: !tkc.ptr<i1>) {
    // expected-error @+1 {{code generation does not support 'tkc.load' of this element type yet}}
    %v = tkc.load %p : !tkc.ptr<i1>
    return
  }
}

// -----

// Dots the FMA path does not compute yet: fp8 operands, and operand layouts
// that do not give each thread the rows and columns its results need.
#acc = #tkc_gpu.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @fp8(%x: tensor<16x16xf8E4M3FN, #a>, %y: tensor<16x16xf8E4M3FN, #b>, %z: tensor<16x16xf32, #acc>) -> tensor<16x16xf32, #acc> {
    // expected-error @+1 {{code generation does not support 'tkc.dot' of f8E4M3FN operands yet}}
    %d = tkc.dot %x, %y, %z : tensor<16x16xf8E4M3FN, #a> * tensor<16x16xf8E4M3FN, #b> -> tensor<16x16xf32, #acc>
    return %d : tensor<16x16xf32, #acc>
  }
}

// -----

#acc = #tkc_gpu.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
#other = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @blocked_operand(%x: tensor<16x16xf16, #other>, %y: tensor<16x16xf16, #b>, %z: tensor<16x16xf32, #acc>) -> tensor<16x16xf32, #acc> {
    // expected-error @+1 {{code generation does not support 'tkc.dot' with operand layouts that do not give each thread the rows and columns of its result elements yet}}
    %d = tkc.dot %x, %y, %z : tensor<16x16xf16, #other> * tensor<16x16xf16, #b> -> tensor<16x16xf32, #acc>
    return %d : tensor<16x16xf32, #acc>
  }
}

// -----

// A transpose whose result layout is not its operand's with the dimensions
// permuted (tkc-convert-tkc-to-tkc-gpu never makes one): it would have to
// move elements between threads.
#row = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @trans_between_threads(%x: tensor<32x4xf32, #row>) -> tensor<4x32xf32, #row> {
    // expected-error @+1 {{code generation does not support 'tkc.trans' with a result layout that is not its operand's with the dimensions permuted yet}}
    %t = tkc.trans %x {order = array<i32: 1, 0>} : tensor<32x4xf32, #row> -> tensor<4x32xf32, #row>
    return %t : tensor<4x32xf32, #row>
  }
}

// -----

// A pair spread over lanes cannot be split in registers: reported.
#single = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#lanes = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @split_lanes(%x: tensor<32x2xf32, #lanes>) -> tensor<32xf32, #single> {
    // expected-error @+1 {{code generation does not support 'tkc.split' with layouts that do not keep each element's pair in one thread yet}}
    %a, %b = tkc.split %x : tensor<32x2xf32, #lanes> -> tensor<32xf32, #single>
    return %a : tensor<32xf32, #single>
  }
}

// -----

// Inline assembly on 4 elements at a time where each thread holds 2.
#two = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @asm_pack(%x: tensor<64xi8, #two>) -> tensor<64xi8, #two> {
    // expected-error @+1 {{code generation does not support 'tkc.elementwise_inline_asm' packing 4 elements per asm where each thread holds 2 yet}}
    %y = tkc.elementwise_inline_asm "add.u32 $0, $1, 1;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<64xi8, #two> -> tensor<64xi8, #two>
    return %y : tensor<64xi8, #two>
  }
}

// -----

// A function mapped over 4 elements at a time where each thread holds 2.
#two = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @map_pack(%x: tensor<64xi8, #two>) -> tensor<64xi8, #two> {
    // expected-error @+1 {{code generation does not support 'tkc.map_elementwise' packing 4 elements per call where each thread holds 2 yet}}
    %y = tkc.map_elementwise(%x) pack = 4 : (tensor<64xi8, #two>) -> tensor<64xi8, #two> {
    ^bb0(%a: i8, %b: i8, %c: i8, %d: i8):
      tkc.map_elementwise.return %d, %c, %b, %a : i8, i8, i8, i8
    }
    return %y : tensor<64xi8, #two>
  }
}

// -----

// A math library function for a type the library does not have.
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @half(%x: f16) -> f16 {
    // expected-error @+1 {{code generation does not support 'tkc.extern_elementwise' of 'erfinv' for f16 on 'cuda:90a' yet}}
    %a = tkc.extern_elementwise "erfinv"(%x) : f16 -> f16
    return %a : f16
  }
}

// -----

// Narrowing to fp8 rounds to nearest even only.
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @fp8_rtz(%x: f32) -> f8E4M3FN {
    // expected-error @+1 {{code generation does not support 'tkc.fp_to_fp' to f8E4M3FN with rounding mode 'rtz' (fp8 conversions round to nearest even) yet}}
    %y = tkc.fp_to_fp %x, rounding = rtz : f32 -> f8E4M3FN
    return %y : f8E4M3FN
  }
}

// -----

// Rounds the layouts cannot split the tensor into (warps hold its top rows).
#c = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#e = #tkc_gpu.blocked<{sizePerThread = [8, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32, tkc_gpu.shared = 131072 : i32} {
  func.func @unsplittable(%x: tensor<1024x64xf32, #c>) -> tensor<1024x64xf32, #e> {
    // expected-error @+1 {{code generation does not support 'tkc_gpu.convert_layout' in 2 rounds, which its layouts do not split its tensor into yet}}
    %c = tkc_gpu.convert_layout %x {tkc_gpu.rounds = 2 : i32} : tensor<1024x64xf32, #c> -> tensor<1024x64xf32, #e>
    return %c : tensor<1024x64xf32, #e>
  }
}
