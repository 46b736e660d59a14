// RUN: tkc-opt %s --split-input-file --tkc-gpu-sink-large-loads | FileCheck %s
// The tkc-gpu-sink-large-loads pass: a load that fills more than 128 of a
// thread's registers moves past layout conversions to its first use.

// 16x128x128 fp16 on 4 warps: 2048 elements, 1024 registers a thread. It
// moves past the conversion (a small load stays where it is); one whose
// way to its use crosses a store stays too.
// CHECK-LABEL: func.func @sink
// CHECK: %[[SMALL:.*]] = tkc.load %{{.*}} : tensor<128x!tkc.ptr<f32>
// CHECK: tkc_gpu.convert_layout
// CHECK-NEXT: %[[BIG:.*]] = tkc.load %{{.*}} : tensor<16x128x128x!tkc.ptr<f16>
// CHECK-NEXT: arith.mulf %[[BIG]]
// CHECK: %[[KEPT:.*]] = tkc.load %{{.*}} : tensor<16x128x128x!tkc.ptr<f16>
// CHECK-NEXT: tkc.store
// CHECK-NEXT: tkc_gpu.convert_layout
// CHECK-NEXT: arith.mulf %[[KEPT]]
#t = #tkc_gpu.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [2, 1, 16], warpsPerCTA = [4, 1, 1], order = [2, 0, 1]}>
#a = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  func.func @sink(%v: tensor<16x128x128x!tkc.ptr<f16>, #t>, %s: tensor<128x!tkc.ptr<f32>, #a>, %x: tensor<128xf32, #a>) -> (tensor<16x128x128xf16, #t>, tensor<128xf32, #b>, tensor<16x128x128xf16, #t>) {
    %small = tkc.load %s : tensor<128x!tkc.ptr<f32>, #a>
    %big = tkc.load %v : tensor<16x128x128x!tkc.ptr<f16>, #t>
    %c = tkc_gpu.convert_layout %small : tensor<128xf32, #a> -> tensor<128xf32, #b>
    %p = arith.mulf %big, %big : tensor<16x128x128xf16, #t>
    %kept = tkc.load %v : tensor<16x128x128x!tkc.ptr<f16>, #t>
    tkc.store %s, %x : tensor<128x!tkc.ptr<f32>, #a>
    %c2 = tkc_gpu.convert_layout %x : tensor<128xf32, #a> -> tensor<128xf32, #b>
    %q = arith.mulf %kept, %kept : tensor<16x128x128xf16, #t>
    return %p, %c, %q : tensor<16x128x128xf16, #t>, tensor<128xf32, #b>, tensor<16x128x128xf16, #t>
  }
}
