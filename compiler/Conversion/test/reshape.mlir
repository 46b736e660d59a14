// RUN: sed -e 's/WAVE/32/g' -e 's/NUM/128/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: sed -e 's/WAVE/64/g' -e 's/NUM/256/g' %s | tkc-opt --split-input-file --tkc-gpu-allocate-shared-memory --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s --check-prefixes=CHECK,HIP
// tkc.reshape keeps the elements' row-major order. Where each thread keeps
// its elements in the result's layout, it only relabels registers; else
// it goes through shared memory like a layout conversion. One warp of WAVE
// lanes, NUM = 4 * WAVE elements (filled in by sed).

// Each thread's 4 consecutive elements become its row of 4.
#a = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [1], order = [0]}>
#b = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [WAVE, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-NOT: tkc_shared_memory
  // CHECK-LABEL: llvm.func @reshape_in_registers
  // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[R3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  func.func @reshape_in_registers(%x: tensor<NUMxf32, #a>) -> tensor<WAVEx4xf32, #b> {
    %r = tkc.reshape %x : tensor<NUMxf32, #a> -> tensor<WAVEx4xf32, #b>
    return %r : tensor<WAVEx4xf32, #b>
  }
}

// -----

// Each thread holds a column of 4 but must end with 4 consecutive elements
// of the flattened rows: a round trip through shared memory, stored one
// element at a time and loaded as one 16-byte vector.
#col = #tkc_gpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [1, WAVE], warpsPerCTA = [1, 1], order = [0, 1]}>
#a = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK: llvm.mlir.global external @tkc_shared_memory()
  // CHECK-LABEL: llvm.func @reshape_through_shared_memory
  // CHECK: llvm.mlir.addressof @tkc_shared_memory : !llvm.ptr<3>
  // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
  // CUDA: nvvm.barrier0
  // HIP: rocdl.barrier
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  func.func @reshape_through_shared_memory(%x: tensor<4xWAVExf32, #col>) -> tensor<NUMxf32, #a> {
    %r = tkc.reshape %x allow_reorder : tensor<4xWAVExf32, #col> -> tensor<NUMxf32, #a>
    return %r : tensor<NUMxf32, #a>
  }
}
