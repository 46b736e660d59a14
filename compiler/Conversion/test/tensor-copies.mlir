// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --convert-scf-to-cf --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-gpu-allocate-shared-memory --convert-scf-to-cf --tkc-convert-tkc-gpu-to-llvm="target=cuda:80" -verify-diagnostics
// Tensor copies (TMA) and memory barriers on Hopper: the tensor map is a
// 128-byte parameter passed by value and read in place (byval,
// nvvm.grid_constant); the block's first thread makes the barriers, every
// thread fences its stores before the async proxy's, the block waits at a
// barrier; the first thread arrives on one expecting the tile's bytes, and
// copies each 64-column block of a 64 x 128 fp16 tile (a box of 64 x 64, at
// columns col and col + 64, 8 KB apart); every thread waits on the phase;
// the first thread ends the barriers, then a barrier of the block. Targets
// without tensor copies refuse them.

module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32, tkc_gpu.tensor_maps = [{arg = 3 : i32, box = array<i64: 64, 64>, descriptor = "b_desc", element = f16, swizzle = 128 : i32}]} {
  // CHECK-LABEL: llvm.func @copies
  // CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant})
  // CHECK-COUNT-3: mbarrier.init.shared::cta.b64 [$0], 1;
  // CHECK: fence.mbarrier_init.release.cluster;
  // CHECK: fence.proxy.async.shared::cta;
  // CHECK: nvvm.barrier0
  // CHECK: %[[BYTES:.*]] = llvm.mlir.constant(16384 : i32) : i32
  // CHECK: "@$2 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;", "r,r,b" %{{.*}}, %[[BYTES]], %{{.*}} :
  // CHECK: "@$5 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3}], [$4];", "r,l,r,r,r,b" %{{.*}}, %arg3, %{{.*}}, %arg0,
  // CHECK: %[[HALF:.*]] = llvm.mlir.constant(4096 : i32) : i32
  // CHECK: llvm.getelementptr %{{.*}}[%[[HALF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK: %[[COL64:.*]] = llvm.add %arg1, %[[C64]] : i32
  // CHECK: cp.async.bulk.tensor.2d{{.*}} %{{.*}}, %arg3, %[[COL64]], %arg0,
  // CHECK-NOT: cp.async.bulk.tensor
  // CHECK: mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;
  // CHECK-COUNT-3: mbarrier.inval.shared::cta.b64 [$0];
  // CHECK: nvvm.barrier0
  func.func @copies(%row: i32, %col: i32, %pred: i1, %map: !llvm.ptr) {
    %c0 = arith.constant 0 : i32
    %bars = tkc_gpu.local_alloc : !tkc_gpu.shared<[3], i64, order = [0], swizzled = false>
    // expected-error @+2 {{'tkc_gpu.barrier_init' op cannot be lowered: the target has no tensor copies}}
    // expected-error @+1 {{failed to legalize operation 'tkc_gpu.barrier_init'}}
    tkc_gpu.barrier_init %bars : !tkc_gpu.shared<[3], i64, order = [0], swizzled = false>
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 128], f16, order = [1, 0]>
    %t = tkc_gpu.tile %buf[%c0] : !tkc_gpu.shared<[3, 64, 128], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
    tkc_gpu.barrier_expect %bars[%c0], %pred {bytes = 16384 : i32} : !tkc_gpu.shared<[3], i64, order = [0], swizzled = false>
    tkc_gpu.tensor_copy %map[%row, %col], %t, %bars[%c0], %pred : !llvm.ptr, !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>, !tkc_gpu.shared<[3], i64, order = [0], swizzled = false>
    tkc_gpu.barrier_wait %bars[%c0], %c0 : !tkc_gpu.shared<[3], i64, order = [0], swizzled = false>
    tkc_gpu.barrier_inval %bars : !tkc_gpu.shared<[3], i64, order = [0], swizzled = false>
    return
  }
}

// -----

module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A block of a 3-D tensor whose box is 1 along its first dimension (a
  // batched descriptor's [1, 64, 64]): the copy takes its three
  // coordinates, innermost first.
  // CHECK-LABEL: llvm.func @batched_copy
  // CHECK: "@$6 cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3, $4}], [$5];", "r,l,r,r,r,r,b" %{{.*}}, %arg4, %{{.*}}, %arg1, %arg0,
  // CHECK-NOT: cp.async.bulk.tensor
  func.func @batched_copy(%batch: i32, %row: i32, %col: i32, %pred: i1, %map: !llvm.ptr) {
    %c0 = arith.constant 0 : i32
    %bars = tkc_gpu.local_alloc : !tkc_gpu.shared<[1], i64, order = [0], swizzled = false>
    %t = tkc_gpu.local_alloc : !tkc_gpu.shared<[64, 64], f16, order = [1, 0]>
    // expected-error @+2 {{'tkc_gpu.tensor_copy' op cannot be lowered: the target has no tensor copies}}
    // expected-error @+1 {{failed to legalize operation 'tkc_gpu.tensor_copy'}}
    tkc_gpu.tensor_copy %map[%batch, %row, %col], %t, %bars[%c0], %pred : !llvm.ptr, !tkc_gpu.shared<[64, 64], f16, order = [1, 0]>, !tkc_gpu.shared<[1], i64, order = [0], swizzled = false>
    return
  }
}

// -----

module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A tensor store of a 64 x 128 fp16 tile: every thread fences its writes
  // of the tile before the async proxy's reads, the block waits at a
  // barrier, and the first thread stores each 64-column block (a box of
  // 64 x 64, at columns col and col + 64, 8 KB apart), then commits them as
  // a bulk group and waits until they have read the tile. The block waits
  // again before anything else may write the tile's bytes; not where the
  // kernel ends.
  // CHECK-LABEL: llvm.func @store_then_more
  // CHECK: fence.proxy.async.shared::cta;
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: "@$4 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$0];", "r,l,r,r,b" %{{.*}}, %arg2, %{{.*}}, %arg0,
  // CHECK: %[[HALF:.*]] = llvm.mlir.constant(4096 : i32) : i32
  // CHECK: llvm.getelementptr %{{.*}}[%[[HALF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK: %[[COL64:.*]] = llvm.add %arg1, %[[C64]] : i32
  // CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group {{.*}} %{{.*}}, %arg2, %[[COL64]], %arg0,
  // CHECK-NOT: cp.async.bulk.tensor
  // CHECK: "@$0 cp.async.bulk.commit_group;\0A@$0 cp.async.bulk.wait_group.read 0;", "b"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: llvm.store
  // CHECK-LABEL: llvm.func @store_at_end
  // CHECK: cp.async.bulk.wait_group.read 0;
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  // A tile the local_alloc just before stored is fenced and met on by it.
  // CHECK-LABEL: llvm.func @store_just_stored
  // CHECK: fence.proxy.async.shared::cta;
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NOT: fence.proxy.async
  // CHECK-NOT: nvvm.barrier0
  // CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
  func.func @store_then_more(%row: i32, %col: i32, %map: !llvm.ptr, %p: !llvm.ptr<3>) {
    %t = tkc_gpu.local_alloc : !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
    // expected-error @+2 {{'tkc_gpu.tensor_store' op cannot be lowered: the target has no tensor copies}}
    // expected-error @+1 {{failed to legalize operation 'tkc_gpu.tensor_store'}}
    tkc_gpu.tensor_store %map[%row, %col], %t : !llvm.ptr, !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
    llvm.store %row, %p : i32, !llvm.ptr<3>
    return
  }
  func.func @store_at_end(%row: i32, %col: i32, %map: !llvm.ptr) {
    %t = tkc_gpu.local_alloc : !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
    tkc_gpu.tensor_store %map[%row, %col], %t : !llvm.ptr, !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
    return
  }
  func.func @store_just_stored(%row: i32, %col: i32, %map: !llvm.ptr, %v: tensor<64x128xf16, #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
    %t = tkc_gpu.local_alloc %v : (tensor<64x128xf16, #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>) -> !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
    tkc_gpu.tensor_store %map[%row, %col], %t : !llvm.ptr, !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
    return
  }
}
