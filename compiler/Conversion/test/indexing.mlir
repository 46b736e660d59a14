// RUN: tkc-opt --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" %s | FileCheck %s
// tkc.gather stores the source at its row-major places in scratch, waits,
// and loads each result element at its coordinates with the axis one taken
// from its index; tkc.histogram zeroes its bins, waits, adds 1 per owned,
// unmasked element to the bin of its low bits with a shared-memory atomic,
// waits, and loads the bins.

#src = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#flat = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#bins = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @gather
  // 4 source registers stored, a barrier, 4 result registers loaded.
  // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  func.func @gather(%src: tensor<32x16xf32, #src>, %idx: tensor<32x16xi32, #src>) -> tensor<32x16xf32, #src> {
    %r = tkc.gather %src[%idx] {axis = 0 : i32} : (tensor<32x16xf32, #src>, tensor<32x16xi32, #src>) -> tensor<32x16xf32, #src>
    return %r : tensor<32x16xf32, #src>
  }

  // CHECK-LABEL: llvm.func @histogram
  // CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: llvm.and %{{.*}}, %{{.*}} : i32
  // CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<3>, i32
  // CHECK-COUNT-3: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<3>, i32
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  func.func @histogram(%x: tensor<512xi32, #flat>, %m: tensor<512xi1, #flat>) -> tensor<64xi32, #bins> {
    %h = tkc.histogram %x, %m : tensor<512xi32, #flat>, tensor<512xi1, #flat> -> tensor<64xi32, #bins>
    return %h : tensor<64xi32, #bins>
  }
}
