// RUN: tkc-opt %s --split-input-file --tkc-gpu-pipeline="num-stages=3" | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-gpu-pipeline="num-stages=1" | FileCheck %s --check-prefix=OFF

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A K loop: the tile of iteration 0 is loaded before the loop, masked by
  // whether the loop runs; each iteration loads the next one's tile from
  // the advanced pointers before it uses its own, masked by whether the
  // next exists, and carries it; the loop's own load is gone.
  // CHECK-LABEL: func.func @k_loop
  // CHECK-SAME: (%[[P:.*]]: tensor<32x32x!tkc.ptr<f16>, #blocked>, %[[N:.*]]: i32, %[[B:.*]]: tensor<32x32xf16, #dot_op{{[0-9]*}}>, %[[STEP:.*]]: tensor<32x32xi32, #blocked>)
  // CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[C0:.*]], %[[N]] : i32
  // CHECK: %[[M0:.*]] = tkc.splat %[[RUNS]] : tensor<32x32xi1, #blocked>
  // CHECK: %[[T0:.*]] = tkc.load %[[P]], %[[M0]] : tensor<32x32x!tkc.ptr<f16>, #blocked>
  // CHECK: scf.for %[[K:.*]] = %[[C0]] to %[[N]] step %[[C1:.*]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[PTR:.*]] = %[[P]], %[[TILE:.*]] = %[[T0]])
  // CHECK: %[[K1:.*]] = arith.addi %[[K]], %[[C1]] : i32
  // CHECK: %[[MORE:.*]] = arith.cmpi slt, %[[K1]], %[[N]] : i32
  // CHECK: %[[NEXTP:.*]] = tkc.addptr %[[PTR]], %[[STEP]]
  // CHECK: %[[M1:.*]] = tkc.splat %[[MORE]]
  // CHECK: %[[T1:.*]] = tkc.load %[[NEXTP]], %[[M1]]
  // CHECK: %[[A:.*]] = tkc_gpu.convert_layout %[[TILE]]
  // CHECK: %[[D:.*]] = tkc.dot %[[A]], %[[B]], %[[ACC]]
  // CHECK-NOT: tkc.load
  // CHECK: scf.yield %[[D]], %{{.*}}, %[[T1]]
  // A loop of one stage is left as it is.
  // OFF-LABEL: func.func @k_loop
  // OFF: scf.for
  // OFF-NEXT: tkc.load
  func.func @k_loop(%p: tensor<32x32x!tkc.ptr<f16>, #l>, %n: i32, %b: tensor<32x32xf16, #b>, %step: tensor<32x32xi32, #l>) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #acc>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p) -> (tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %ptr : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %r#0 : tensor<32x32xf32, #acc>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A load whose pointers come from another load (a gather) stays.
  // CHECK-LABEL: func.func @gather
  // CHECK: scf.for
  // CHECK: tkc.load
  // CHECK: tkc.load
  // CHECK: tkc.dot
  func.func @gather(%pp: tensor<32x32x!tkc.ptr<i32>, #l>, %base: tensor<32x32x!tkc.ptr<f16>, #l>, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #acc>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #acc>) : i32 {
      %idx = tkc.load %pp : tensor<32x32x!tkc.ptr<i32>, #l>
      %ptr = tkc.addptr %base, %idx : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      %t = tkc.load %ptr : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
      scf.yield %d : tensor<32x32xf32, #acc>
    }
    return %r : tensor<32x32xf32, #acc>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A loop that stores (the next iteration's load might read it) stays.
  // CHECK-LABEL: func.func @stores
  // CHECK: scf.for
  // CHECK-NEXT: tkc.load
  func.func @stores(%p: tensor<32x32x!tkc.ptr<f16>, #l>, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #acc>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #acc>) : i32 {
      %t = tkc.load %p : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
      %t2 = arith.addf %t, %t : tensor<32x32xf16, #l>
      tkc.store %p, %t2 : tensor<32x32x!tkc.ptr<f16>, #l>
      scf.yield %d : tensor<32x32xf32, #acc>
    }
    return %r : tensor<32x32xf32, #acc>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A volatile load is never moved.
  // CHECK-LABEL: func.func @volatile_load
  // CHECK: scf.for
  // CHECK-NEXT: tkc.load {{.*}} volatile
  func.func @volatile_load(%p: tensor<32x32x!tkc.ptr<f16>, #l>, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #acc>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #acc>) : i32 {
      %t = tkc.load %p volatile : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
      scf.yield %d : tensor<32x32xf32, #acc>
    }
    return %r : tensor<32x32xf32, #acc>
  }
}
