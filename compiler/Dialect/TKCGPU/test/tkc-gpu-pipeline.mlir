// RUN: tkc-opt %s --split-input-file --tkc-gpu-pipeline="num-stages=3" | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-gpu-pipeline="num-stages=1" | FileCheck %s --check-prefix=OFF
// RUN: tkc-opt %s --split-input-file --tkc-gpu-pipeline="num-stages=3 target=cuda:90a tensor-copies=true" | FileCheck %s --check-prefix=SHARED
// RUN: tkc-opt %s --split-input-file --tkc-gpu-pipeline="num-stages=3 target=cuda:90a tensor-copies=false" | FileCheck %s --check-prefix=NOTMA
// RUN: sed 's/ attributes {tkc.tensor_descriptors = .*} {$/ {/' %s | tkc-opt --split-input-file --tkc-gpu-pipeline="num-stages=3 target=cuda:90a" | FileCheck %s --check-prefix=UNLISTED
// RUN: tkc-opt %s --split-input-file --tkc-gpu-pipeline="num-stages=3 target=hip:gfx942" | FileCheck %s --check-prefix=AMD
// RUN: tkc-opt %s --split-input-file --tkc-gpu-pipeline="num-stages=3 target=cuda:80" | FileCheck %s --check-prefix=SM80

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
  // A pointer step that divides by a run-time value (GPTQ's
  // `BLOCK_SIZE_K // (32 // bits) * stride`) is not cloned for the next
  // iteration (the division is not speculatable): the loop is left alone.
  // TGI's GPTQ kernel ran so at 2.2 times Triton's speed (pipelined, as
  // Triton does, 1.08).
  // CHECK-LABEL: func.func @divided_step
  // CHECK: scf.for
  // CHECK-NEXT: tkc.load
  // CHECK: tkc.dot
  // CHECK: arith.divsi
  // CHECK-NOT: tkc.load
  // CHECK: scf.yield
  func.func @divided_step(%p: tensor<32x32x!tkc.ptr<f16>, #l>, %n: i32, %b: tensor<32x32xf16, #b>, %d: i32) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #acc>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p) -> (tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %ptr : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %dot = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
      %q = arith.divsi %c32, %d : i32
      %qs = tkc.splat %q : tensor<32x32xi32, #l>
      %next = tkc.addptr %ptr, %qs : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %dot, %next : tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>
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
  // A load whose pointers come from another load (a gather) stays: its
  // next tile would take as many registers again (a paged attention's K
  // and V). Through shared memory it pipelines (@paged below).
  // CHECK-LABEL: func.func @gather
  // CHECK: scf.for
  // CHECK-NEXT: tkc.load
  // CHECK-NEXT: tkc.addptr
  // CHECK-NEXT: tkc.load
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
  // A loop that loads and stores the same argument (the old attention
  // backward's `dq += tl.dot(ds, k)`, read and written in each iteration)
  // keeps that load where it is; its other loads, through arguments it
  // does not write, are issued an iteration early.
  // CHECK-LABEL: func.func @read_modify_write
  // CHECK: %[[Q0:.*]] = tkc.load %{{.*}}, %{{.*}} : tensor<32x32x!tkc.ptr<f16>, #blocked>
  // CHECK: scf.for {{.*}} iter_args(%{{.*}}, %{{.*}}, %[[Q:.*]] = %[[Q0]])
  // CHECK: %[[QN:.*]] = tkc.load %{{.*}}, %{{.*}} : tensor<32x32x!tkc.ptr<f16>, #blocked>
  // CHECK: tkc_gpu.convert_layout %[[Q]]
  // CHECK: tkc.dot
  // CHECK: tkc.load %[[DQ:[^ ]*]] : tensor<32x32x!tkc.ptr<f32>, #blocked1>
  // CHECK: tkc.store %[[DQ]]
  // CHECK: scf.yield {{.*}}, %[[QN]]
  func.func @read_modify_write(%pq: tensor<32x32x!tkc.ptr<f16>, #l>, %dq: tensor<32x32x!tkc.ptr<f32>, #acc>, %n: i32, %b: tensor<32x32xf16, #b>, %step: tensor<32x32xi32, #l>) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #acc>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %pq) -> (tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %ptr : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %zero : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
      %old = tkc.load %dq : tensor<32x32x!tkc.ptr<f32>, #acc>
      %new = arith.addf %old, %d : tensor<32x32xf32, #acc>
      tkc.store %dq, %new : tensor<32x32x!tkc.ptr<f32>, #acc>
      %sum = arith.addf %acc, %d : tensor<32x32xf32, #acc>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %sum, %next : tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>
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
  // A loop that stores through another argument than it loads through (FLA's
  // recurrences store each chunk's state while loading the next chunk's
  // keys) is pipelined: distinct arguments are taken not to overlap, as
  // Triton's pipeliner takes them. The store's pointers advance with the
  // loop and still point into %out.
  // CHECK-LABEL: func.func @stores_elsewhere
  // CHECK: tkc.load
  // CHECK: scf.for
  // CHECK: tkc.store
  // CHECK: tkc.load
  // CHECK: tkc.dot
  func.func @stores_elsewhere(%p: tensor<32x32x!tkc.ptr<f16>, #l>, %out: tensor<32x32x!tkc.ptr<f16>, #l>, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<1024> : tensor<32x32xi32, #l>
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #acc>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %o = %out) -> (tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %h = arith.truncf %acc : tensor<32x32xf32, #acc> to tensor<32x32xf16, #acc>
      %hs = tkc_gpu.convert_layout %h : tensor<32x32xf16, #acc> -> tensor<32x32xf16, #l>
      tkc.store %o, %hs : tensor<32x32x!tkc.ptr<f16>, #l>
      %t = tkc.load %p : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
      %o2 = tkc.addptr %o, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %o2 : tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>
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

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A loop that writes nothing is pipelined even where its loads point
  // into no kernel argument: tutorial 08's grouped GEMM reads its tiles
  // through pointers it loaded from a table.
  // CHECK-LABEL: func.func @loaded_pointer
  // CHECK: tkc.int_to_ptr
  // CHECK: %[[FIRST:.*]] = tkc.load %{{.*}}, %{{.*}} : tensor<32x32x!tkc.ptr<f16>
  // CHECK-NEXT: scf.for {{.*}} iter_args({{.*}}, %{{.*}} = %[[FIRST]])
  // CHECK: tkc.load
  // CHECK: tkc.dot
  func.func @loaded_pointer(%table: !tkc.ptr<i64>, %offsets: tensor<32x32xi32, #l>, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<32> : tensor<32x32xi32, #l>
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #acc>
    %address = tkc.load %table : !tkc.ptr<i64>
    %base = tkc.int_to_ptr %address : i64 -> !tkc.ptr<f16>
    %splat = tkc.splat %base : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %splat, %offsets : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %p0) -> (tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %p : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #acc>
      %next = tkc.addptr %p, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #acc>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %r#0 : tensor<32x32xf32, #acc>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // On a target with asynchronous copies, a tile that a dot reads as an
  // mma.sync operand goes through three shared-memory tiles: the copies of
  // iterations 0 and 1 start before the loop, one group each, masked by
  // whether their iteration exists; iteration k waits for its group, starts
  // the copy of iteration k + 2 into the tile iteration k - 1 read, and reads
  // its operand from its own. The loop carries both tile indices, wrapping
  // at 3. Pointers are 16-byte aligned runs of 8 along dimension 1: copies
  // of 8 elements.
  // CHECK-LABEL: func.func @staged
  // SHARED-LABEL: func.func @staged
  // SHARED-SAME: (%[[PA:.*]]: !tkc.ptr<f16> {{.*}}, %[[N:.*]]: i32,
  // SHARED: %[[P0:.*]] = tkc.addptr
  // SHARED: %[[BUF:.*]] = tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 32], f16, order = [1, 0]>
  // SHARED: %[[RUNS:.*]] = arith.cmpi slt, %[[C0:.*]], %[[N]] : i32
  // SHARED: %[[T0:.*]] = tkc_gpu.tile %[[BUF]][%{{.*}}]
  // SHARED: %[[M0:.*]] = tkc.splat %[[RUNS]]
  // SHARED: tkc_gpu.async_copy %[[P0]], %[[T0]] mask %[[M0]] {tkc_gpu.vector_width = 8 : i32}
  // SHARED-NEXT: tkc_gpu.async_commit
  // SHARED: %[[SECOND:.*]] = arith.addi %[[C0]], %[[C1:.*]] : i32
  // SHARED: arith.cmpi slt, %[[SECOND]], %[[N]] : i32
  // SHARED: %[[T1:.*]] = tkc_gpu.tile %[[BUF]][%{{.*}}]
  // SHARED: %[[P1:.*]] = tkc.addptr %[[P0]], %[[STEP:.*]] :
  // SHARED: tkc_gpu.async_copy %[[P1]], %[[T1]] mask
  // SHARED-NEXT: tkc_gpu.async_commit
  // SHARED: scf.for %[[K:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[PTR:.*]] = %[[P0]], %[[READ:.*]] = %{{.*}}, %[[WRITE:.*]] = %{{.*}}) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #blocked>, i32, i32)
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32}
  // SHARED: %[[TW:.*]] = tkc_gpu.tile %[[BUF]][%[[WRITE]]]
  // SHARED: %[[NEXT:.*]] = tkc.addptr %[[PTR]], %[[STEP]]
  // SHARED: %[[AHEAD:.*]] = tkc.addptr %[[NEXT]], %[[STEP]]
  // SHARED: tkc_gpu.async_copy %[[AHEAD]], %[[TW]] mask
  // SHARED-NEXT: tkc_gpu.async_commit
  // SHARED-NEXT: %[[TR:.*]] = tkc_gpu.tile %[[BUF]][%[[READ]]]
  // SHARED-NEXT: %[[A:.*]] = tkc_gpu.local_load %[[TR]] : !tkc_gpu.shared<[32, 32], f16, order = [1, 0]> -> tensor<32x32xf16, #dot_op{{[0-9]*}}>
  // SHARED-NEXT: tkc.dot %[[A]]
  // SHARED-NOT: tkc.load
  // SHARED-NOT: convert_layout
  // SHARED: arith.cmpi eq, %{{.*}}, %[[C3:.*]] : i32
  // SHARED: arith.select
  // SHARED: arith.cmpi eq
  // SHARED: arith.select
  // SHARED: scf.yield
  // SHARED: tkc_gpu.async_wait {pending = 0 : i32}
  // On AMD (no asynchronous copies yet), the loop pipelines in registers.
  // AMD-LABEL: func.func @staged
  // AMD-NOT: tkc_gpu.local_alloc
  // AMD: scf.for
  // AMD: tkc.load
  // AMD: tkc.dot
  func.func @staged(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %step = arith.constant dense<32> : tensor<32x32xi32, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %s = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %ptr : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<32x32xf32, #mma>
  }

  // A K mask over rows (`rows < kLeft`, kLeft a multiple of 16) is the same
  // for each run of 16 rows in every iteration: the copies record those
  // runs, so that the LLVM conversion gives the rows of a run one predicate.
  // SHARED-LABEL: func.func @k_masked
  // SHARED: tkc_gpu.async_copy {{.*}} {tkc_gpu.mask_constancy = array<i64: 16, 32>, tkc_gpu.vector_width = 8 : i32}
  // SHARED: scf.for
  // SHARED: tkc_gpu.async_copy {{.*}} {tkc_gpu.mask_constancy = array<i64: 16, 32>, tkc_gpu.vector_width = 8 : i32}
  func.func @k_masked(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %kleft: i32 {tkc.divisibility = 16 : i32}, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %fzero = arith.constant dense<0.0> : tensor<32x32xf16, #l>
    %step = arith.constant dense<32> : tensor<32x32xi32, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %rr = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #l}>>
    %re = tkc.expand_dims %rr {axis = 1 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 1, parent = #l}>> -> tensor<32x1xi32, #l>
    %rows = tkc.broadcast %re : tensor<32x1xi32, #l> -> tensor<32x32xi32, #l>
    %bound = tkc.splat %kleft : tensor<32x32xi32, #l>
    %m = arith.cmpi slt, %rows, %bound : tensor<32x32xi32, #l>
    %s = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %ptr, %m, %fzero : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<32x32xf32, #mma>
  }

  // A mask that bounds the rows (`cols < ncols`, ncols of unknown
  // divisibility: a tensor descriptor's shape) is true up to some element
  // of each run of 8 and false after it: a copy reads those and zero-fills
  // the rest, so the runs are copied whole though the mask's own runs are
  // of one element. How many it reads is ncols - cols where the mask holds.
  // SHARED-LABEL: func.func @row_bounded
  // SHARED: %[[BOUND:.*]] = tkc.splat %{{.*}} : tensor<32x32xi32
  // SHARED: %[[LEFT:.*]] = arith.subi %[[BOUND]], %{{.*}} : tensor<32x32xi32
  // SHARED: tkc_gpu.async_copy {{.*}} mask {{.*}} limit %[[LEFT]] {tkc_gpu.mask_constancy = array<i64: 32, 1>, tkc_gpu.vector_width = 8 : i32}
  // SHARED: scf.for
  // SHARED: %[[AHEAD:.*]] = arith.subi %[[BOUND]], %{{.*}} : tensor<32x32xi32
  // SHARED: tkc_gpu.async_copy {{.*}} mask {{.*}} limit %[[AHEAD]] {tkc_gpu.mask_constancy = array<i64: 32, 1>, tkc_gpu.vector_width = 8 : i32}
  func.func @row_bounded(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %ncols: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %fzero = arith.constant dense<0.0> : tensor<32x32xf16, #l>
    %step = arith.constant dense<32> : tensor<32x32xi32, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %bound = tkc.splat %ncols : tensor<32x32xi32, #l>
    %m = arith.cmpi slt, %cols, %bound : tensor<32x32xi32, #l>
    %s = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %ptr, %m, %fzero : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<32x32xf32, #mma>
  }

  // The same bound written `cols <= last` (last = ncols - 1): the copies
  // read last - cols + 1 elements, the one added a splat of the tile's type.
  // SHARED-LABEL: func.func @row_bounded_inclusive
  // SHARED: %[[LEFT:.*]] = arith.subi %{{.*}}, %{{.*}} : tensor<32x32xi32
  // SHARED: %[[ONE:.*]] = arith.constant dense<1> : tensor<32x32xi32
  // SHARED: %[[COUNT:.*]] = arith.addi %[[LEFT]], %[[ONE]] : tensor<32x32xi32
  // SHARED: tkc_gpu.async_copy {{.*}} mask {{.*}} limit %[[COUNT]] {{{.*}}tkc_gpu.vector_width = 8 : i32}
  func.func @row_bounded_inclusive(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %last: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %fzero = arith.constant dense<0.0> : tensor<32x32xf16, #l>
    %step = arith.constant dense<32> : tensor<32x32xi32, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %bound = tkc.splat %last : tensor<32x32xi32, #l>
    %m = arith.cmpi sle, %cols, %bound : tensor<32x32xi32, #l>
    %s = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %ptr, %m, %fzero : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<32x32xf32, #mma>
  }

  // A K tail's mask (`offs_k[None, :] < K - k`) compared on one row and
  // broadcast to the tile: its limit is computed on that row and broadcast
  // the same way.
  // SHARED-LABEL: func.func @k_tail
  // SHARED: %[[LEFT:.*]] = arith.subi %{{.*}}, %{{.*}} : tensor<1x32xi32
  // SHARED: %[[LIMIT:.*]] = tkc.broadcast %[[LEFT]] : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
  // SHARED: tkc_gpu.async_copy {{.*}} mask {{.*}} limit %[[LIMIT]] {{{.*}}tkc_gpu.vector_width = 8 : i32}
  func.func @k_tail(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %kleft: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %fzero = arith.constant dense<0.0> : tensor<32x32xf16, #l>
    %step = arith.constant dense<32> : tensor<32x32xi32, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %s = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %left = arith.subi %kleft, %k : i32
      %bound = tkc.splat %left : tensor<1x32xi32, #l>
      %row = arith.cmpi slt, %e, %bound : tensor<1x32xi32, #l>
      %m = tkc.broadcast %row : tensor<1x32xi1, #l> -> tensor<32x32xi1, #l>
      %t = tkc.load %ptr, %m, %fzero : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<32x32xf32, #mma>
  }

  // A mask false before some element of a run and true after it
  // (`cols >= lo`, lo of unknown divisibility) is not one a copy can read:
  // the loop pipelines in registers.
  // SHARED-LABEL: func.func @row_from
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: return
  func.func @row_from(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %lo: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %fzero = arith.constant dense<0.0> : tensor<32x32xf16, #l>
    %step = arith.constant dense<32> : tensor<32x32xi32, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %bound = tkc.splat %lo : tensor<32x32xi32, #l>
    %m = arith.cmpi sge, %cols, %bound : tensor<32x32xi32, #l>
    %s = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %ptr, %m, %fzero : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<32x32xf32, #mma>
  }

  // Masked-off elements must read as `other`, which copies cannot give
  // unless it is zero: such a loop pipelines in registers.
  // SHARED-LABEL: func.func @other_one
  // SHARED-NOT: tkc_gpu.local_alloc
  // SHARED: scf.for
  // SHARED: tkc.load
  // SHARED: tkc.dot
  func.func @other_one(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %b: tensor<32x32xf16, #b>, %m: tensor<32x32xi1, #l>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %one = arith.constant dense<1.0> : tensor<32x32xf16, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %s = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %t = tkc.load %p0, %m, %one : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    return %res : tensor<32x32xf32, #mma>
  }

  // A tile scaled by a vector broadcast along its rows (FLA's q by the
  // gate) before it becomes a dot operand in registers is read back as
  // that operand: the vector is converted to the operand's row slice where
  // it is made (before the loop) and broadcast there, and the product
  // needs no conversion.
  // SHARED-LABEL: func.func @gated_operand
  // SHARED: %[[G:.*]] = tkc_gpu.convert_layout %{{.*}} : tensor<32xf16, #{{.*}}> -> tensor<32xf16, #{{slice[0-9]*}}>
  // SHARED: %[[E:.*]] = tkc.expand_dims %[[G]] {axis = 0 : i32} : {{.*}} -> tensor<1x32xf16, #[[A:dot_op[0-9]*]]>
  // SHARED: %[[B:.*]] = tkc.broadcast %[[E]] : {{.*}} -> tensor<32x32xf16, #[[A]]>
  // SHARED: scf.for
  // SHARED: %[[T:.*]] = tkc_gpu.local_load {{.*}} -> tensor<32x32xf16, #[[A]]>
  // SHARED: %[[P:.*]] = arith.mulf %[[T]], %[[B]] : tensor<32x32xf16, #[[A]]>
  // SHARED-NOT: tkc_gpu.convert_layout
  // SHARED: tkc.dot %[[P]]
  func.func @gated_operand(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %gate: tensor<32xf16, #tkc_gpu.slice<{dim = 0, parent = #l}>>, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %sa = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %sa, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %ge = tkc.expand_dims %gate {axis = 0 : i32} : tensor<32xf16, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xf16, #l>
    %gb = tkc.broadcast %ge : tensor<1x32xf16, #l> -> tensor<32x32xf16, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %t = tkc.load %p0 : tensor<32x32x!tkc.ptr<f16>, #l>
      %v = arith.mulf %t, %gb : tensor<32x32xf16, #l>
      %a = tkc_gpu.convert_layout %v : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    return %res : tensor<32x32xf32, #mma>
  }

  // A tile of packed int32 weights unpacked to f16 before it becomes a dot
  // operand (GPTQ's 4-bit weights, shifted by a broadcast vector) is read
  // back in its own layout, whole runs of it at once, and converted once
  // unpacked: read in the operand's layout, each thread would read its
  // 32-bit elements one at a time along K.
  // SHARED-LABEL: func.func @packed_operand
  // SHARED: scf.for
  // SHARED: %[[T:.*]] = tkc_gpu.local_load {{.*}} -> tensor<32x32xi32, #[[L:blocked[0-9]*]]>
  // SHARED: arith.shrsi %[[T]], {{.*}} : tensor<32x32xi32, #[[L]]>
  // SHARED: %[[F:.*]] = arith.sitofp {{.*}} : tensor<32x32xi32, #[[L]]> to tensor<32x32xf16, #[[L]]>
  // SHARED: tkc_gpu.convert_layout %[[F]] : tensor<32x32xf16, #[[L]]> -> tensor<32x32xf16, #dot_op
  // SHARED: tkc.dot
  func.func @packed_operand(%pa: !tkc.ptr<i32> {tkc.divisibility = 16 : i32}, %shift: tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %sa = tkc.splat %pa : tensor<32x32x!tkc.ptr<i32>, #l>
    %p0 = tkc.addptr %sa, %cols : tensor<32x32x!tkc.ptr<i32>, #l>, tensor<32x32xi32, #l>
    %se = tkc.expand_dims %shift {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %sb = tkc.broadcast %se : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %t = tkc.load %p0 : tensor<32x32x!tkc.ptr<i32>, #l>
      %u = arith.shrsi %t, %sb : tensor<32x32xi32, #l>
      %v = arith.sitofp %u : tensor<32x32xi32, #l> to tensor<32x32xf16, #l>
      %a = tkc_gpu.convert_layout %v : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    return %res : tensor<32x32xf32, #mma>
  }

  // A tile the loop computes with before the dot (scaled by another loaded
  // tile, as FLA's keys by their decay) is copied too, and read back in its
  // own layout: in flight, it takes no registers.
  // SHARED-LABEL: func.func @scaled_operand
  // SHARED-COUNT-2: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 32], f16, order = [1, 0]>
  // SHARED: scf.for
  // SHARED-NOT: tkc.load
  // SHARED: tkc_gpu.local_load {{.*}} -> tensor<32x32xf16, #[[L:blocked[0-9]*]]>
  // SHARED: tkc_gpu.local_load {{.*}} -> tensor<32x32xf16, #[[L]]>
  // SHARED: arith.mulf
  // SHARED: tkc.dot
  func.func @scaled_operand(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %ps: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %sa = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %sa, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %ss = tkc.splat %ps : tensor<32x32x!tkc.ptr<f16>, #l>
    %q0 = tkc.addptr %ss, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %t = tkc.load %p0 : tensor<32x32x!tkc.ptr<f16>, #l>
      %u = tkc.load %q0 : tensor<32x32x!tkc.ptr<f16>, #l>
      %v = arith.mulf %t, %u : tensor<32x32xf16, #l>
      %a = tkc_gpu.convert_layout %v : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    return %res : tensor<32x32xf32, #mma>
  }

  // A copied tile whose value, extended to f32, is converted to the dot's
  // accumulator layout (FLA's values minus a dot's result) is read back in
  // that layout: the conversion would go through shared memory again.
  // SHARED-LABEL: func.func @tile_read_where_converted
  // SHARED: scf.for
  // SHARED: %[[T:.*]] = tkc_gpu.local_load {{.*}} -> tensor<32x32xf16, #[[M:mma[0-9]*]]>
  // SHARED-NOT: tkc_gpu.convert_layout
  // SHARED: %[[E:.*]] = arith.extf %[[T]] : tensor<32x32xf16, #[[M]]> to tensor<32x32xf32, #[[M]]>
  // SHARED: arith.subf %[[E]], %{{.*}} : tensor<32x32xf32, #[[M]]>
  func.func @tile_read_where_converted(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %a: tensor<32x32xf16, #a>, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %sa = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %sa, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %t = tkc.load %p0 : tensor<32x32x!tkc.ptr<f16>, #l>
      %x = arith.extf %t : tensor<32x32xf16, #l> to tensor<32x32xf32, #l>
      %c = tkc_gpu.convert_layout %x : tensor<32x32xf32, #l> -> tensor<32x32xf32, #mma>
      %s = arith.subf %c, %d : tensor<32x32xf32, #mma>
      scf.yield %s : tensor<32x32xf32, #mma>
    }
    return %res : tensor<32x32xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // An fp32 (tf32) `b` whose rows run along N. Where the dot can be a
  // warpgroup multiply (sm_90a), which reads 32-bit operands only along K,
  // the tile is stored with its rows along K, one element per copy;
  // elsewhere as loaded, four elements (16 bytes) per copy.
  // SHARED-LABEL: func.func @tf32_b
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 64], f32, order = [0, 1]>
  // SHARED: tkc_gpu.async_copy {{.*}} {tkc_gpu.vector_width = 1 : i32}
  // SM80-LABEL: func.func @tf32_b
  // SM80: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 64], f32, order = [1, 0]>
  // SM80: tkc_gpu.async_copy {{.*}} {tkc_gpu.vector_width = 4 : i32}
  func.func @tf32_b(%pb: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32, %a: tensor<64x32xf32, #a>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %step = arith.constant dense<2048> : tensor<32x64xi32, #l>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x64xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x64xi32, #l> -> tensor<32x64xi32, #l>
    %s = tkc.splat %pb : tensor<32x64x!tkc.ptr<f32>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x64x!tkc.ptr<f32>, #l>, tensor<32x64xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<64x64xf32, #mma>, tensor<32x64x!tkc.ptr<f32>, #l>) : i32 {
      %t = tkc.load %ptr : tensor<32x64x!tkc.ptr<f32>, #l>
      %b = tkc_gpu.convert_layout %t : tensor<32x64xf32, #l> -> tensor<32x64xf32, #b>
      %d = tkc.dot %a, %b, %acc {input_precision = 1 : i32} : tensor<64x32xf32, #a> * tensor<32x64xf32, #b> -> tensor<64x64xf32, #mma>
      %next = tkc.addptr %ptr, %step : tensor<32x64x!tkc.ptr<f32>, #l>, tensor<32x64xi32, #l>
      scf.yield %d, %next : tensor<64x64xf32, #mma>, tensor<32x64x!tkc.ptr<f32>, #l>
    }
    return %res#0 : tensor<64x64xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#lt = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A dot by a loaded tile's transpose (x @ w.T): the tile holds the
  // transposed tensor, stored with its rows along K (order [0, 1]); its
  // copies take the transposed pointers, and the transpose goes.
  // SHARED-LABEL: func.func @transposed
  // SHARED: %[[BUF:.*]] = tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 32], f16, order = [0, 1]>
  // SHARED: %[[PT:.*]] = tkc.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x32x!tkc.ptr<f16>, #[[L:blocked[0-9]*]]> -> tensor<32x32x!tkc.ptr<f16>, #[[LT:blocked[0-9]*]]>
  // SHARED: tkc_gpu.async_copy %[[PT]], %{{.*}} mask %{{.*}} {tkc_gpu.vector_width = 8 : i32} : tensor<32x32x!tkc.ptr<f16>, #[[LT]]>
  // SHARED: scf.for
  // SHARED: tkc_gpu.local_load %{{.*}} : !tkc_gpu.shared<[32, 32], f16, order = [0, 1]> -> tensor<32x32xf16, #dot_op{{[0-9]*}}>
  // SHARED-NOT: tkc.load
  // SHARED: scf.yield
  // SM80-LABEL: func.func @transposed
  // SM80: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 32], f16, order = [0, 1]>
  func.func @transposed(%pw: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %a: tensor<32x32xf16, #a>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %step = arith.constant dense<32> : tensor<32x32xi32, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %s = tkc.splat %pw : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %w = tkc.load %ptr : tensor<32x32x!tkc.ptr<f16>, #l>
      %wt = tkc.trans %w {order = array<i32: 1, 0>} : tensor<32x32xf16, #l> -> tensor<32x32xf16, #lt>
      %b = tkc_gpu.convert_layout %wt : tensor<32x32xf16, #lt> -> tensor<32x32xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<32x32xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#r = #tkc_gpu.slice<{dim = 1, parent = #l}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A paged tile: each iteration's block comes from a block table, and a
  // per-row scale and a scalar gate are loaded too. The tile goes through
  // shared memory; the copy for iteration k + 2 reads its block index again
  // (masked off where that iteration does not exist), where the copy is
  // issued. The scale vector, read after the dot, goes through shared
  // memory too (as a 1-D tile, in its own slice layout: a register copy
  // in flight across the dots would hold a scoreboard ptxas shares with
  // the shared-memory reads after them); the scalar gate, read after the
  // dot too, is loaded an iteration early in registers, at the end of the
  // iteration for the same reason. The block index the tile had is not
  // loaded at all.
  // SHARED-LABEL: func.func @paged
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 32], f16, order = [1, 0]>
  // SHARED: %[[SCALES:.*]] = tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32], f32, order = [0]>
  // SHARED: tkc_gpu.async_copy %{{.*}}, %{{.*}} mask %{{.*}} {tkc_gpu.vector_width = 1 : i32} : tensor<32x!tkc.ptr<f32>, #{{.*}}>, !tkc_gpu.shared<[32], f32, order = [0]>
  // SHARED: scf.for {{.*}} iter_args({{.*}}, %[[GATE:.*]] = %{{.*}}) -> (tensor<32x32xf32, #{{.*}}>, tensor<32xf32, #{{.*}}>, i32, i32, f32)
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32}
  // SHARED: %[[BLOCK:.*]] = tkc.load %{{.*}}, %{{.*}} : !tkc.ptr<i32>
  // SHARED-NEXT: arith.muli %[[BLOCK]]
  // SHARED: tkc_gpu.async_copy
  // SHARED: tkc_gpu.async_copy {{.*}} : tensor<32x!tkc.ptr<f32>, #{{.*}}>, !tkc_gpu.shared<[32], f32, order = [0]>
  // SHARED-NEXT: tkc_gpu.async_commit
  // SHARED: tkc_gpu.local_load
  // SHARED-NEXT: tkc.dot
  // SHARED-NEXT: tkc_gpu.tile %[[SCALES]]
  // SHARED-NEXT: tkc_gpu.local_load %{{.*}} : !tkc_gpu.shared<[32], f32, order = [0]> -> tensor<32xf32, #{{.*}}>
  // SHARED-NEXT: tkc.splat %[[GATE]]
  // SHARED: %[[NEXTGATE:.*]] = tkc.load %{{.*}}, %{{.*}} : !tkc.ptr<f32>
  // SHARED-NEXT: scf.yield {{.*}}, %[[NEXTGATE]]
  func.func @paged(%table: !tkc.ptr<i32> {tkc.divisibility = 16 : i32}, %cache: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %scales: tensor<32x!tkc.ptr<f32>, #r>, %gate: !tkc.ptr<f32>, %n: i32, %b: tensor<32x32xf16, #b>) -> (tensor<32x32xf32, #mma>, tensor<32xf32, #r>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1024 = arith.constant 1024 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %szero = arith.constant dense<0.0> : tensor<32xf32, #r>
    %rr = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %rr {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %sum = %szero) -> (tensor<32x32xf32, #mma>, tensor<32xf32, #r>) : i32 {
      %entry = tkc.addptr %table, %k : !tkc.ptr<i32>, i32
      %block = tkc.load %entry : !tkc.ptr<i32>
      %start = arith.muli %block, %c1024 : i32
      %base = tkc.addptr %cache, %start : !tkc.ptr<f16>, i32
      %s = tkc.splat %base : tensor<32x32x!tkc.ptr<f16>, #l>
      %p = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      %t = tkc.load %p : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %sc = tkc.load %scales : tensor<32x!tkc.ptr<f32>, #r>
      %g = tkc.load %gate : !tkc.ptr<f32>
      %gs = tkc.splat %g : tensor<32xf32, #r>
      %gated = arith.mulf %sc, %gs : tensor<32xf32, #r>
      %next = arith.addf %sum, %gated : tensor<32xf32, #r>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32xf32, #r>
    }
    return %res#0, %res#1 : tensor<32x32xf32, #mma>, tensor<32xf32, #r>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A block of a listed descriptor that the loop reads into registers (to
  // scale it, as the block-scaled matmul tutorial upcasts its fp8 tiles) is
  // copied through its tensor map too, after the barrier that orders the
  // last iteration's reads of its slot; the tile is read from the slot the
  // loop waited on.
  // SHARED-LABEL: func.func @tensor_copy_into_registers
  // SHARED: scf.for
  // SHARED-NEXT: tkc_gpu.async_wait
  // SHARED-NEXT: tkc_gpu.barrier_wait %[[BAR:[0-9]+]][%[[READ:arg[0-9]+]]]
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: tkc_gpu.tensor_copy %{{.*}}[%c0_i32, %{{.*}}], %{{.*}}, %[[BAR]][%{{.*}}], %{{.*}} : !llvm.ptr, !tkc_gpu.shared<[64, 64], f16, order = [1, 0]>
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: %[[TILE:.*]] = tkc_gpu.tile %{{.*}}[%[[READ]]]
  // SHARED-NEXT: tkc_gpu.local_load %[[TILE]] : !tkc_gpu.shared<[64, 64], f16, order = [1, 0]> -> tensor<64x64xf16, #{{.*}}>
  // SHARED: scf.yield
  // NOTMA-LABEL: func.func @tensor_copy_into_registers
  // NOTMA-NOT: tensor_copy
  // NOTMA: tkc_gpu.async_copy
  func.func @tensor_copy_into_registers(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %b: tensor<64x64xf16, #b>, %n: i32) -> tensor<64x64xf32, #mma> attributes {tkc.tensor_descriptors = {a_desc = {base = "a_desc_base", shape = [[1, "a_desc_shape0"], [1, "a_desc_shape1"]], strides = [[1, "a_desc_stride0"]]}}} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %two = arith.constant dense<2.0> : tensor<64x64xf16, #l>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x64xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x64xi32, #l> -> tensor<64x64xi32, #l>
    %sa = tkc.splat %pa : tensor<64x64x!tkc.ptr<f16>, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %offs = tkc.splat %off : tensor<64x64xi32, #l>
      %ia = arith.addi %cols, %offs : tensor<64x64xi32, #l>
      %ptra = tkc.addptr %sa, %ia : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      %ta = tkc.load %ptra box "a_desc"[%c0, %off] : tensor<64x64x!tkc.ptr<f16>, #l>
      %sc = arith.mulf %ta, %two : tensor<64x64xf16, #l>
      %a = tkc_gpu.convert_layout %sc : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    return %res : tensor<64x64xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #tkc_gpu.slice<{dim = 0, parent = #l}>
#r = #tkc_gpu.slice<{dim = 1, parent = #l}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // Vectors that stay in registers beside a tile in shared memory that a
  // warpgroup multiply reads: one that every warp holds (a column's scale: each warp would read copies
  // another warp made) keeps all of the loop's vectors there, the row's
  // scale with it; in the next loop, a vector of token indices (it reaches
  // an address) is left where it is, as the gather through it.
  // SHARED-LABEL: func.func @vectors_in_registers
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]>
  // SHARED-NOT: order = [0]>
  // SHARED: scf.for {{.*}} -> (tensor<64x32xf32, #{{.*}}>, tensor<32xf32, #{{.*}}>, tensor<64xf32, #{{.*}}>, i32, i32, tensor<32xf32, #{{.*}}>, tensor<64xf32, #{{.*}}>)
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]>
  // SHARED-NOT: order = [0]>
  // SHARED: scf.for {{.*}} -> (tensor<64x32xf32, #{{.*}}>, tensor<32xf32, #{{.*}}>, i32, i32)
  // SHARED: return
  func.func @vectors_in_registers(%base: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %cols: tensor<32x!tkc.ptr<f32>, #c>, %rows: tensor<64x!tkc.ptr<f32>, #r>, %tokens: tensor<32x!tkc.ptr<i32>, #c>, %vals: tensor<32x!tkc.ptr<f32>, #c>, %n: i32, %b: tensor<32x32xf16, #b>) -> (tensor<64x32xf32, #mma>, tensor<32xf32, #c>, tensor<64xf32, #r>, tensor<32xf32, #c>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf32, #mma>
    %czero = arith.constant dense<0.0> : tensor<32xf32, #c>
    %rzero = arith.constant dense<0.0> : tensor<64xf32, #r>
    %rr = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #c>
    %e = tkc.expand_dims %rr {axis = 0 : i32} : tensor<32xi32, #c> -> tensor<1x32xi32, #l>
    %off = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<64x32xi32, #l>
    %s = tkc.splat %base : tensor<64x32x!tkc.ptr<f16>, #l>
    %pa = tkc.addptr %s, %off : tensor<64x32x!tkc.ptr<f16>, #l>, tensor<64x32xi32, #l>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %cs = %czero, %rs = %rzero) -> (tensor<64x32xf32, #mma>, tensor<32xf32, #c>, tensor<64xf32, #r>) : i32 {
      %t = tkc.load %pa : tensor<64x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<64x32xf16, #l> -> tensor<64x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<64x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<64x32xf32, #mma>
      %cv = tkc.load %cols : tensor<32x!tkc.ptr<f32>, #c>
      %rv = tkc.load %rows : tensor<64x!tkc.ptr<f32>, #r>
      %cn = arith.addf %cs, %cv : tensor<32xf32, #c>
      %rn = arith.addf %rs, %rv : tensor<64xf32, #r>
      scf.yield %d, %cn, %rn : tensor<64x32xf32, #mma>, tensor<32xf32, #c>, tensor<64xf32, #r>
    }
    %res2:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %res#0, %vs = %czero) -> (tensor<64x32xf32, #mma>, tensor<32xf32, #c>) : i32 {
      %t = tkc.load %pa : tensor<64x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<64x32xf16, #l> -> tensor<64x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<64x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<64x32xf32, #mma>
      %tok = tkc.load %tokens : tensor<32x!tkc.ptr<i32>, #c>
      %p = tkc.addptr %vals, %tok : tensor<32x!tkc.ptr<f32>, #c>, tensor<32xi32, #c>
      %v = tkc.load %p : tensor<32x!tkc.ptr<f32>, #c>
      %vn = arith.addf %vs, %v : tensor<32xf32, #c>
      scf.yield %d, %vn : tensor<64x32xf32, #mma>, tensor<32xf32, #c>
    }
    return %res2#0, %res#1, %res#2, %res2#1 : tensor<64x32xf32, #mma>, tensor<32xf32, #c>, tensor<64xf32, #r>, tensor<32xf32, #c>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #tkc_gpu.slice<{dim = 0, parent = #l}>
#r = #tkc_gpu.slice<{dim = 1, parent = #l}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // The same loops multiplied with mma.sync: every vector is copied through
  // shared memory beside the tile, as Triton copies GPTQ's scales (a column
  // of them, which every warp holds, each warp reading what it copied). In
  // the second loop the token indices (they reach an address) are loaded
  // an iteration ahead, and the values gathered through them are copied.
  // SHARED-LABEL: func.func @vectors_in_shared_memory
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 32], f16, order = [1, 0]>
  // SHARED-NEXT: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32], f32, order = [0]>
  // SHARED-NEXT: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32], f32, order = [0]>
  // SHARED: scf.for {{.*}} -> (tensor<32x32xf32, #{{.*}}>, tensor<32xf32, #{{.*}}>, tensor<32xf32, #{{.*}}>, i32, i32)
  // SHARED: tkc_gpu.local_load {{.*}} -> tensor<32xf32
  // SHARED: tkc_gpu.local_load {{.*}} -> tensor<32xf32
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 32], f16, order = [1, 0]>
  // SHARED-NEXT: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32], f32, order = [0]>
  // SHARED: scf.for {{.*}} -> (tensor<32x32xf32, #{{.*}}>, tensor<32xf32, #{{.*}}>, i32, i32)
  // SHARED: return
  func.func @vectors_in_shared_memory(%base: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %cols: tensor<32x!tkc.ptr<f32>, #c>, %rows: tensor<32x!tkc.ptr<f32>, #r>, %tokens: tensor<32x!tkc.ptr<i32>, #c>, %vals: tensor<32x!tkc.ptr<f32>, #c>, %n: i32, %b: tensor<32x32xf16, #b>) -> (tensor<32x32xf32, #mma>, tensor<32xf32, #c>, tensor<32xf32, #r>, tensor<32xf32, #c>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %czero = arith.constant dense<0.0> : tensor<32xf32, #c>
    %rzero = arith.constant dense<0.0> : tensor<32xf32, #r>
    %rr = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #c>
    %e = tkc.expand_dims %rr {axis = 0 : i32} : tensor<32xi32, #c> -> tensor<1x32xi32, #l>
    %off = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %s = tkc.splat %base : tensor<32x32x!tkc.ptr<f16>, #l>
    %pa = tkc.addptr %s, %off : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %cs = %czero, %rs = %rzero) -> (tensor<32x32xf32, #mma>, tensor<32xf32, #c>, tensor<32xf32, #r>) : i32 {
      %t = tkc.load %pa : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %cv = tkc.load %cols : tensor<32x!tkc.ptr<f32>, #c>
      %rv = tkc.load %rows : tensor<32x!tkc.ptr<f32>, #r>
      %cn = arith.addf %cs, %cv : tensor<32xf32, #c>
      %rn = arith.addf %rs, %rv : tensor<32xf32, #r>
      scf.yield %d, %cn, %rn : tensor<32x32xf32, #mma>, tensor<32xf32, #c>, tensor<32xf32, #r>
    }
    %res2:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %res#0, %vs = %czero) -> (tensor<32x32xf32, #mma>, tensor<32xf32, #c>) : i32 {
      %t = tkc.load %pa : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %tok = tkc.load %tokens : tensor<32x!tkc.ptr<i32>, #c>
      %p = tkc.addptr %vals, %tok : tensor<32x!tkc.ptr<f32>, #c>, tensor<32xi32, #c>
      %v = tkc.load %p : tensor<32x!tkc.ptr<f32>, #c>
      %vn = arith.addf %vs, %v : tensor<32xf32, #c>
      scf.yield %d, %vn : tensor<32x32xf32, #mma>, tensor<32xf32, #c>
    }
    return %res2#0, %res#1, %res#2, %res2#1 : tensor<32x32xf32, #mma>, tensor<32xf32, #c>, tensor<32xf32, #r>, tensor<32xf32, #c>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // One operand copies (a), the other cannot (b reads 1.0 where masked
  // off): a goes through shared memory, and b is loaded where it is (an
  // operand tile carried in registers would hold them beside the
  // accumulator; see @unaligned_operand).
  // SHARED-LABEL: func.func @mixed
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 32], f16, order = [1, 0]>
  // SHARED: scf.for {{.*}} -> (tensor<32x32xf32, #mma>, i32, i32)
  // SHARED: tkc_gpu.async_copy
  // SHARED: tkc_gpu.local_load
  // SHARED: %[[B:.*]] = tkc.load
  // SHARED-NEXT: tkc_gpu.convert_layout %[[B]]
  // SHARED: tkc.dot
  func.func @mixed(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %pb: tensor<32x32x!tkc.ptr<f16>, #l>, %m: tensor<32x32xi1, #l>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %one = arith.constant dense<1.0> : tensor<32x32xf16, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %s = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %t = tkc.load %p0 : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %u = tkc.load %pb, %m, %one : tensor<32x32x!tkc.ptr<f16>, #l>
      %b = tkc_gpu.convert_layout %u : tensor<32x32xf16, #l> -> tensor<32x32xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    return %res : tensor<32x32xf32, #mma>
  }
}

// -----

#la = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#lb = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // Three stages of a 64x256 and a 256x32 fp16 tile (144 KB) leave room for
  // one program per SM, two stages (96 KB) for two; the mma.sync operands
  // are read into registers: each iteration reads its tiles, waits for
  // every thread to have read them (a wait with nothing left to wait for,
  // and its barrier), and refills them with the tiles of the iteration two
  // later. The loop carries one tile index twice, wrapping at 2.
  // SHARED-LABEL: func.func @refill_after_read
  // SHARED: %[[BA:.*]] = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 64, 256], f16, order = [1, 0]>
  // SHARED: %[[BB:.*]] = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 256, 32], f16, order = [0, 1]>
  // SHARED-NEXT: %[[R0:.*]] = arith.constant 0 : i32
  // SHARED-NEXT: %[[W0:.*]] = arith.constant 0 : i32
  // SHARED: scf.for {{.*}} iter_args(%{{.*}}, %{{.*}}, %{{.*}}, %[[READ:[^ ]*]] = %[[R0]], %[[WRITE:[^ ]*]] = %[[W0]])
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32}
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: tkc_gpu.local_load
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: tkc_gpu.local_load
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32, tkc_gpu.orders_reads}
  // SHARED: tkc_gpu.tile %[[BA]][%[[WRITE]]]
  // SHARED: tkc_gpu.async_copy
  // SHARED: tkc_gpu.tile %[[BB]][%[[WRITE]]]
  // SHARED: tkc_gpu.async_copy
  // SHARED-NEXT: tkc_gpu.async_commit
  // SHARED: tkc.dot
  // SHARED: %[[C2:.*]] = arith.constant 2 : i32
  // SHARED: arith.cmpi eq, %{{.*}}, %[[C2]] : i32
  // SHARED: scf.yield
  // Under sm_80's 163 KB, both depths leave room for one program: the
  // copies stay at the top of the iteration, into three tiles.
  // SM80-LABEL: func.func @refill_after_read
  // SM80: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 256], f16, order = [1, 0]>
  func.func @refill_after_read(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) -> tensor<64x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf32, #mma>
    %stepa = arith.constant dense<256> : tensor<64x256xi32, #la>
    %stepb = arith.constant dense<8192> : tensor<256x32xi32, #lb>
    %ra = tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 0, parent = #la}>>
    %ea = tkc.expand_dims %ra {axis = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 0, parent = #la}>> -> tensor<1x256xi32, #la>
    %cola = tkc.broadcast %ea : tensor<1x256xi32, #la> -> tensor<64x256xi32, #la>
    %sa = tkc.splat %pa : tensor<64x256x!tkc.ptr<f16>, #la>
    %pa0 = tkc.addptr %sa, %cola : tensor<64x256x!tkc.ptr<f16>, #la>, tensor<64x256xi32, #la>
    %rb = tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 1, parent = #lb}>>
    %eb = tkc.expand_dims %rb {axis = 1 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 1, parent = #lb}>> -> tensor<256x1xi32, #lb>
    %rowb = tkc.broadcast %eb : tensor<256x1xi32, #lb> -> tensor<256x32xi32, #lb>
    %sb = tkc.splat %pb : tensor<256x32x!tkc.ptr<f16>, #lb>
    %pb0 = tkc.addptr %sb, %rowb : tensor<256x32x!tkc.ptr<f16>, #lb>, tensor<256x32xi32, #lb>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptra = %pa0, %ptrb = %pb0) -> (tensor<64x32xf32, #mma>, tensor<64x256x!tkc.ptr<f16>, #la>, tensor<256x32x!tkc.ptr<f16>, #lb>) : i32 {
      %ta = tkc.load %ptra : tensor<64x256x!tkc.ptr<f16>, #la>
      %tb = tkc.load %ptrb : tensor<256x32x!tkc.ptr<f16>, #lb>
      %a = tkc_gpu.convert_layout %ta : tensor<64x256xf16, #la> -> tensor<64x256xf16, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<256x32xf16, #lb> -> tensor<256x32xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x256xf16, #a> * tensor<256x32xf16, #b> -> tensor<64x32xf32, #mma>
      %nexta = tkc.addptr %ptra, %stepa : tensor<64x256x!tkc.ptr<f16>, #la>, tensor<64x256xi32, #la>
      %nextb = tkc.addptr %ptrb, %stepb : tensor<256x32x!tkc.ptr<f16>, #lb>, tensor<256x32xi32, #lb>
      scf.yield %d, %nexta, %nextb : tensor<64x32xf32, #mma>, tensor<64x256x!tkc.ptr<f16>, #la>, tensor<256x32x!tkc.ptr<f16>, #lb>
    }
    return %res#0 : tensor<64x32xf32, #mma>
  }
}

// -----

#la = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#lb = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // As @refill_after_read, with B scaled by a tile in registers before its
  // conversion to the dot operand, through shared memory: the refills follow
  // that conversion and the dot (the conversion's barrier orders the reads;
  // the scaled B is dead by then), not the last read.
  // SHARED-LABEL: func.func @refill_after_conversion
  // SHARED: scf.for
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32}
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: arith.mulf
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: tkc_gpu.convert_layout %{{.*}} -> tensor<256x32xf16, #dot_op1>
  // SHARED-NEXT: tkc.dot
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32, tkc_gpu.orders_reads}
  // SHARED: tkc_gpu.async_copy
  // SHARED: tkc_gpu.async_copy
  // SHARED-NEXT: tkc_gpu.async_commit
  // SHARED: scf.yield
  func.func @refill_after_conversion(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %scale: tensor<256x32xf16, #lb>) -> tensor<64x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf32, #mma>
    %stepa = arith.constant dense<256> : tensor<64x256xi32, #la>
    %stepb = arith.constant dense<8192> : tensor<256x32xi32, #lb>
    %ra = tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 0, parent = #la}>>
    %ea = tkc.expand_dims %ra {axis = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 0, parent = #la}>> -> tensor<1x256xi32, #la>
    %cola = tkc.broadcast %ea : tensor<1x256xi32, #la> -> tensor<64x256xi32, #la>
    %sa = tkc.splat %pa : tensor<64x256x!tkc.ptr<f16>, #la>
    %pa0 = tkc.addptr %sa, %cola : tensor<64x256x!tkc.ptr<f16>, #la>, tensor<64x256xi32, #la>
    %rb = tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 1, parent = #lb}>>
    %eb = tkc.expand_dims %rb {axis = 1 : i32} : tensor<256xi32, #tkc_gpu.slice<{dim = 1, parent = #lb}>> -> tensor<256x1xi32, #lb>
    %rowb = tkc.broadcast %eb : tensor<256x1xi32, #lb> -> tensor<256x32xi32, #lb>
    %sb = tkc.splat %pb : tensor<256x32x!tkc.ptr<f16>, #lb>
    %pb0 = tkc.addptr %sb, %rowb : tensor<256x32x!tkc.ptr<f16>, #lb>, tensor<256x32xi32, #lb>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptra = %pa0, %ptrb = %pb0) -> (tensor<64x32xf32, #mma>, tensor<64x256x!tkc.ptr<f16>, #la>, tensor<256x32x!tkc.ptr<f16>, #lb>) : i32 {
      %ta = tkc.load %ptra : tensor<64x256x!tkc.ptr<f16>, #la>
      %tb = tkc.load %ptrb : tensor<256x32x!tkc.ptr<f16>, #lb>
      %sc = arith.mulf %tb, %scale : tensor<256x32xf16, #lb>
      %a = tkc_gpu.convert_layout %ta : tensor<64x256xf16, #la> -> tensor<64x256xf16, #a>
      %b = tkc_gpu.convert_layout %sc : tensor<256x32xf16, #lb> -> tensor<256x32xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x256xf16, #a> * tensor<256x32xf16, #b> -> tensor<64x32xf32, #mma>
      %nexta = tkc.addptr %ptra, %stepa : tensor<64x256x!tkc.ptr<f16>, #la>, tensor<64x256xi32, #la>
      %nextb = tkc.addptr %ptrb, %stepb : tensor<256x32x!tkc.ptr<f16>, #lb>, tensor<256x32xi32, #lb>
      scf.yield %d, %nexta, %nextb : tensor<64x32xf32, #mma>, tensor<64x256x!tkc.ptr<f16>, #la>, tensor<256x32x!tkc.ptr<f16>, #lb>
    }
    return %res#0 : tensor<64x32xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // Three stages of two 64x64 fp16 tiles read into registers (48 KB) leave
  // room for four programs of 4 warps per SM, two stages (32 KB) for seven:
  // the tiles stay three deep, copied at the top of the iteration, and the
  // module is marked as one that favoring occupancy would take fewer tiles.
  // SHARED: module attributes {{{.*}}tkc_gpu.occupancy_headroom{{.*}}tkc_gpu.shared_headroom
  // SHARED-LABEL: func.func @refill_to_favor
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 64], f16, order = [1, 0]>
  // SHARED: scf.for {{.*}} -> ({{.*}}, i32, i32)
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32}
  func.func @refill_to_favor(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %step = arith.constant dense<4096> : tensor<64x64xi32, #l>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x64xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x64xi32, #l> -> tensor<64x64xi32, #l>
    %sa = tkc.splat %pa : tensor<64x64x!tkc.ptr<f16>, #l>
    %pa0 = tkc.addptr %sa, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %sb = tkc.splat %pb : tensor<64x64x!tkc.ptr<f16>, #l>
    %pb0 = tkc.addptr %sb, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptra = %pa0, %ptrb = %pb0) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>) : i32 {
      %ta = tkc.load %ptra : tensor<64x64x!tkc.ptr<f16>, #l>
      %tb = tkc.load %ptrb : tensor<64x64x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %ta : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
      %nexta = tkc.addptr %ptra, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      %nextb = tkc.addptr %ptrb, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      scf.yield %d, %nexta, %nextb : tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<64x64xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32, tkc_gpu.favor_occupancy} {
  // The same loop favoring occupancy: two tiles each, refilled at the end
  // of the iteration, once every thread has read them.
  // SHARED-LABEL: func.func @refill_favoring_occupancy
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 64, 64], f16, order = [1, 0]>
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 64, 64], f16, order = [1, 0]>
  // SHARED: tkc_gpu.local_load
  // SHARED: tkc_gpu.local_load
  // SHARED-NEXT: tkc.dot
  // SHARED: tkc_gpu.async_wait {pending = 1 : i32, tkc_gpu.orders_reads}
  // SHARED: tkc_gpu.async_copy
  func.func @refill_favoring_occupancy(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %step = arith.constant dense<4096> : tensor<64x64xi32, #l>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x64xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x64xi32, #l> -> tensor<64x64xi32, #l>
    %sa = tkc.splat %pa : tensor<64x64x!tkc.ptr<f16>, #l>
    %pa0 = tkc.addptr %sa, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %sb = tkc.splat %pb : tensor<64x64x!tkc.ptr<f16>, #l>
    %pb0 = tkc.addptr %sb, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptra = %pa0, %ptrb = %pb0) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>) : i32 {
      %ta = tkc.load %ptra : tensor<64x64x!tkc.ptr<f16>, #l>
      %tb = tkc.load %ptrb : tensor<64x64x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %ta : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
      %nexta = tkc.addptr %ptra, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      %nextb = tkc.addptr %ptrb, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      scf.yield %d, %nexta, %nextb : tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<64x64xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [16, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 4]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 16 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // On 16 warps, an SM's 2,048 threads hold four programs at either depth:
  // the module is not marked.
  // SHARED: module attributes {tkc_gpu.num_warps = 16 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // SHARED-LABEL: func.func @refill_gains_no_program
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 64], f16, order = [1, 0]>
  func.func @refill_gains_no_program(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %step = arith.constant dense<4096> : tensor<64x64xi32, #l>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x64xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x64xi32, #l> -> tensor<64x64xi32, #l>
    %sa = tkc.splat %pa : tensor<64x64x!tkc.ptr<f16>, #l>
    %pa0 = tkc.addptr %sa, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %sb = tkc.splat %pb : tensor<64x64x!tkc.ptr<f16>, #l>
    %pb0 = tkc.addptr %sb, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptra = %pa0, %ptrb = %pb0) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>) : i32 {
      %ta = tkc.load %ptra : tensor<64x64x!tkc.ptr<f16>, #l>
      %tb = tkc.load %ptrb : tensor<64x64x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %ta : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
      %nexta = tkc.addptr %ptra, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      %nextb = tkc.addptr %ptrb, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      scf.yield %d, %nexta, %nextb : tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<64x64xf32, #mma>
  }
}

// -----

#la = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#lb = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // An fp32 dot left to multiply-adds (input_precision="ieee"), its 64x128
  // and 128x32 tiles (48 KB) refilled as in @refill_after_read. Each thread
  // holds all of K of its operands' rows and columns: the tiles are read
  // straight into those layouts where the dot is, and the barrier and the
  // refill wait until after it, so that each K step's values can be loaded
  // where the multiply-adds take them (with the barrier between, all would
  // wait in registers). Neither stack is swizzled: a's rows run along K,
  // where the eight lanes of each read pass share a row; b's along N, read
  // four columns at a K by each thread; both copied a row per pass.
  // SHARED-LABEL: func.func @refill_after_multiply_adds
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 64, 128], f32, order = [1, 0], swizzled = false>
  // SHARED-NEXT: tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 128, 32], f32, order = [1, 0], swizzled = false>
  // SHARED: scf.for
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32}
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: tkc_gpu.local_load {{.*}} -> tensor<64x128xf32, #dot_op>
  // SHARED-NEXT: tkc_gpu.local_load {{.*}} -> tensor<128x32xf32, #dot_op1>
  // SHARED-NEXT: tkc.dot
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32, tkc_gpu.orders_reads}
  // SHARED: tkc_gpu.async_copy
  // SHARED: tkc_gpu.async_copy
  // SHARED-NEXT: tkc_gpu.async_commit
  // SHARED: scf.yield
  func.func @refill_after_multiply_adds(%pa: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %pb: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32) -> tensor<64x32xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf32, #acc>
    %stepa = arith.constant dense<128> : tensor<64x128xi32, #la>
    %stepb = arith.constant dense<4096> : tensor<128x32xi32, #lb>
    %ra = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #la}>>
    %ea = tkc.expand_dims %ra {axis = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #la}>> -> tensor<1x128xi32, #la>
    %cola = tkc.broadcast %ea : tensor<1x128xi32, #la> -> tensor<64x128xi32, #la>
    %sa = tkc.splat %pa : tensor<64x128x!tkc.ptr<f32>, #la>
    %pa0 = tkc.addptr %sa, %cola : tensor<64x128x!tkc.ptr<f32>, #la>, tensor<64x128xi32, #la>
    %rb = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #lb}>>
    %eb = tkc.expand_dims %rb {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #lb}>> -> tensor<1x32xi32, #lb>
    %colb = tkc.broadcast %eb : tensor<1x32xi32, #lb> -> tensor<128x32xi32, #lb>
    %sb = tkc.splat %pb : tensor<128x32x!tkc.ptr<f32>, #lb>
    %pb0 = tkc.addptr %sb, %colb : tensor<128x32x!tkc.ptr<f32>, #lb>, tensor<128x32xi32, #lb>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptra = %pa0, %ptrb = %pb0) -> (tensor<64x32xf32, #acc>, tensor<64x128x!tkc.ptr<f32>, #la>, tensor<128x32x!tkc.ptr<f32>, #lb>) : i32 {
      %ta = tkc.load %ptra : tensor<64x128x!tkc.ptr<f32>, #la>
      %tb = tkc.load %ptrb : tensor<128x32x!tkc.ptr<f32>, #lb>
      %a = tkc_gpu.convert_layout %ta : tensor<64x128xf32, #la> -> tensor<64x128xf32, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<128x32xf32, #lb> -> tensor<128x32xf32, #b>
      %d = tkc.dot %a, %b, %acc {input_precision = 1 : i32} : tensor<64x128xf32, #a> * tensor<128x32xf32, #b> -> tensor<64x32xf32, #acc>
      %nexta = tkc.addptr %ptra, %stepa : tensor<64x128x!tkc.ptr<f32>, #la>, tensor<64x128xi32, #la>
      %nextb = tkc.addptr %ptrb, %stepb : tensor<128x32x!tkc.ptr<f32>, #lb>, tensor<128x32xi32, #lb>
      scf.yield %d, %nexta, %nextb : tensor<64x32xf32, #acc>, tensor<64x128x!tkc.ptr<f32>, #la>, tensor<128x32x!tkc.ptr<f32>, #lb>
    }
    return %res#0 : tensor<64x32xf32, #acc>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32, tkc_gpu.favor_occupancy} {
  // A warpgroup multiply reads b's tiles in place; a's are scaled in
  // registers first. In a kernel that favors occupancy, a's stack holds
  // one tile fewer (two: 40 KB in all leave room for five programs per SM
  // where 48 KB leave room for four), refilled at the end of the
  // iteration, as Triton's pipeliner does: the iteration waits for its
  // tiles (the two groups of the next iteration may still run), copies b's
  // tile for two iterations on into the tile the previous one read, reads
  // a's, multiplies, then waits for every thread to be past its reads (b's
  // new group may still run) and refills a's tile. The loop carries two
  // tile indices per stack, wrapping at 3 and 2.
  // SHARED-LABEL: func.func @refill_register_tiles
  // SHARED: %[[BB:.*]] = tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 64], f16, order = [1, 0]>
  // SHARED: %[[BA:.*]] = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 64, 64], f16, order = [1, 0]>
  // SHARED-COUNT-4: tkc_gpu.async_commit
  // SHARED: scf.for {{.*}} -> ({{.*}}, i32, i32, i32, i32)
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 2 : i32}
  // SHARED: tkc_gpu.tile %[[BB]]
  // SHARED: tkc_gpu.async_copy
  // SHARED-NEXT: tkc_gpu.async_commit
  // SHARED: tkc_gpu.tile %[[BA]]
  // SHARED-NEXT: tkc_gpu.local_load
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: tkc.dot
  // SHARED: arith.cmpi eq, %{{.*}}, %c3_i32{{.*}} : i32
  // SHARED: arith.cmpi eq, %{{.*}}, %c3_i32{{.*}} : i32
  // SHARED: arith.cmpi eq, %{{.*}}, %c2_i32{{.*}} : i32
  // SHARED: arith.cmpi eq, %{{.*}}, %c2_i32{{.*}} : i32
  // SHARED: tkc_gpu.async_wait {pending = 3 : i32, tkc_gpu.orders_reads}
  // SHARED: tkc_gpu.tile %[[BA]]
  // SHARED: tkc_gpu.async_copy
  // SHARED-NEXT: tkc_gpu.async_commit
  // SHARED-NEXT: scf.yield
  // On sm_80 no multiply reads a tile in place: both stacks hold three.
  // SM80-LABEL: func.func @refill_register_tiles
  // SM80: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 64], f16, order = [1, 0]>
  // SM80: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 64], f16, order = [1, 0]>
  func.func @refill_register_tiles(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %two = arith.constant dense<2.0> : tensor<64x64xf16, #l>
    %step = arith.constant dense<4096> : tensor<64x64xi32, #l>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x64xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x64xi32, #l> -> tensor<64x64xi32, #l>
    %sa = tkc.splat %pa : tensor<64x64x!tkc.ptr<f16>, #l>
    %pa0 = tkc.addptr %sa, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %sb = tkc.splat %pb : tensor<64x64x!tkc.ptr<f16>, #l>
    %pb0 = tkc.addptr %sb, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptra = %pa0, %ptrb = %pb0) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>) : i32 {
      %ta = tkc.load %ptra : tensor<64x64x!tkc.ptr<f16>, #l>
      %tb = tkc.load %ptrb : tensor<64x64x!tkc.ptr<f16>, #l>
      %sc = arith.mulf %ta, %two : tensor<64x64xf16, #l>
      %a = tkc_gpu.convert_layout %sc : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
      %nexta = tkc.addptr %ptra, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      %nextb = tkc.addptr %ptrb, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      scf.yield %d, %nexta, %nextb : tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<64x64xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // The same loop in a kernel that does not favor occupancy: a's stack
  // holds three tiles as b's does, copied at the top of the iteration;
  // the module is marked as one that would hold fewer favoring occupancy,
  // tiles among what it would save.
  // SHARED: module attributes {{{.*}}tkc_gpu.occupancy_headroom{{.*}}tkc_gpu.shared_headroom
  // SHARED-LABEL: func.func @in_place_beside_register_tiles
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 64], f16, order = [1, 0]>
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 64], f16, order = [1, 0]>
  // SHARED: scf.for {{.*}} -> ({{.*}}, i32, i32)
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32}
  func.func @in_place_beside_register_tiles(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %two = arith.constant dense<2.0> : tensor<64x64xf16, #l>
    %step = arith.constant dense<4096> : tensor<64x64xi32, #l>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x64xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x64xi32, #l> -> tensor<64x64xi32, #l>
    %sa = tkc.splat %pa : tensor<64x64x!tkc.ptr<f16>, #l>
    %pa0 = tkc.addptr %sa, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %sb = tkc.splat %pb : tensor<64x64x!tkc.ptr<f16>, #l>
    %pb0 = tkc.addptr %sb, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptra = %pa0, %ptrb = %pb0) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>) : i32 {
      %ta = tkc.load %ptra : tensor<64x64x!tkc.ptr<f16>, #l>
      %tb = tkc.load %ptrb : tensor<64x64x!tkc.ptr<f16>, #l>
      %sc = arith.mulf %ta, %two : tensor<64x64xf16, #l>
      %a = tkc_gpu.convert_layout %sc : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
      %nexta = tkc.addptr %ptra, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      %nextb = tkc.addptr %ptrb, %step : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      scf.yield %d, %nexta, %nextb : tensor<64x64xf32, #mma>, tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<64x64xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#f = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#lt = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // The operands' stacks (3 x 2 x 32 KB) leave 35 KB of the block's 227:
  // the 64x64 f32 tile added to the result (3 x 16 KB, within the quarter
  // of the block that register tiles may take) stays in registers.
  // SHARED-LABEL: func.func @register_tile_past_budget
  // SHARED-COUNT-2: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 128, 128], f16
  // SHARED-NOT: tkc_gpu.local_alloc
  // SHARED: scf.for
  // SHARED: tkc.load {{.*}} : tensor<64x64x!tkc.ptr<f32>, #{{.*}}>
  func.func @register_tile_past_budget(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pc: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32) -> (tensor<128x128xf32, #mma>, tensor<64x64xf32, #f>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %fzero = arith.constant dense<0.0> : tensor<64x64xf32, #f>
    %step = arith.constant dense<16384> : tensor<128x128xi32, #l>
    %fstep = arith.constant dense<4096> : tensor<64x64xi32, #f>
    %r = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x128xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x128xi32, #l> -> tensor<128x128xi32, #l>
    %sa = tkc.splat %pa : tensor<128x128x!tkc.ptr<f16>, #l>
    %pa0 = tkc.addptr %sa, %cols : tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128xi32, #l>
    %pb0 = tkc.addptr %pa0, %step : tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128xi32, #l>
    %rf = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #f}>>
    %ef = tkc.expand_dims %rf {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #f}>> -> tensor<1x64xi32, #f>
    %colf = tkc.broadcast %ef : tensor<1x64xi32, #f> -> tensor<64x64xi32, #f>
    %sc = tkc.splat %pc : tensor<64x64x!tkc.ptr<f32>, #f>
    %pc0 = tkc.addptr %sc, %colf : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
    %res:5 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %sum = %fzero, %ptra = %pa0, %ptrb = %pb0, %ptrc = %pc0) -> (tensor<128x128xf32, #mma>, tensor<64x64xf32, #f>, tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f32>, #f>) : i32 {
      %ta = tkc.load %ptra : tensor<128x128x!tkc.ptr<f16>, #l>
      %tb = tkc.load %ptrb : tensor<128x128x!tkc.ptr<f16>, #l>
      %tc = tkc.load %ptrc : tensor<64x64x!tkc.ptr<f32>, #f>
      %a = tkc_gpu.convert_layout %ta : tensor<128x128xf16, #l> -> tensor<128x128xf16, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<128x128xf16, #l> -> tensor<128x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<128x128xf16, #a> * tensor<128x128xf16, #b> -> tensor<128x128xf32, #mma>
      %s = arith.addf %sum, %tc : tensor<64x64xf32, #f>
      %nexta = tkc.addptr %ptra, %step : tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128xi32, #l>
      %nextb = tkc.addptr %ptrb, %step : tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128xi32, #l>
      %nextc = tkc.addptr %ptrc, %fstep : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
      scf.yield %d, %s, %nexta, %nextb, %nextc : tensor<128x128xf32, #mma>, tensor<64x64xf32, #f>, tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f32>, #f>
    }
    return %res#0, %res#1 : tensor<128x128xf32, #mma>, tensor<64x64xf32, #f>
  }

  // Smaller operands' stacks (3 x 2 x 16 KB) leave 131 KB: four 64x64 f32
  // tiles added to sums, as deep stacks, would fit one in the quarter of
  // the block that register tiles may take (3 x 16 KB); a tile fewer
  // each, refilled once read, three fit in what the operands leave (but a
  // sixteenth), and the fourth stays in registers.
  // SHARED-LABEL: func.func @refill_to_fit
  // SHARED-COUNT-2: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, {{.*}}], f16
  // SHARED-COUNT-3: tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 64, 64], f32
  // SHARED-NOT: tkc_gpu.local_alloc
  // SHARED: scf.for
  // SHARED: tkc.load {{.*}} : tensor<64x64x!tkc.ptr<f32>, #{{.*}}>
  func.func @refill_to_fit(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pc: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32) -> (tensor<128x128xf32, #mma>, tensor<64x64xf32, #f>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %fzero = arith.constant dense<0.0> : tensor<64x64xf32, #f>
    %step = arith.constant dense<8192> : tensor<128x64xi32, #l>
    %fstep = arith.constant dense<4096> : tensor<64x64xi32, #f>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x64xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x64xi32, #l> -> tensor<128x64xi32, #l>
    %sa = tkc.splat %pa : tensor<128x64x!tkc.ptr<f16>, #l>
    %pa0 = tkc.addptr %sa, %cols : tensor<128x64x!tkc.ptr<f16>, #l>, tensor<128x64xi32, #l>
    %pb0 = tkc.addptr %pa0, %step : tensor<128x64x!tkc.ptr<f16>, #l>, tensor<128x64xi32, #l>
    %rf = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #f}>>
    %ef = tkc.expand_dims %rf {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #f}>> -> tensor<1x64xi32, #f>
    %colf = tkc.broadcast %ef : tensor<1x64xi32, #f> -> tensor<64x64xi32, #f>
    %sc = tkc.splat %pc : tensor<64x64x!tkc.ptr<f32>, #f>
    %pc0 = tkc.addptr %sc, %colf : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
    %pc1 = tkc.addptr %pc0, %fstep : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
    %pc2 = tkc.addptr %pc1, %fstep : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
    %pc3 = tkc.addptr %pc2, %fstep : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
    %res:8 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %sum = %fzero, %ptra = %pa0, %ptrb = %pb0, %p0 = %pc0, %p1 = %pc1, %p2 = %pc2, %p3 = %pc3) -> (tensor<128x128xf32, #mma>, tensor<64x64xf32, #f>, tensor<128x64x!tkc.ptr<f16>, #l>, tensor<128x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64x!tkc.ptr<f32>, #f>) : i32 {
      %ta = tkc.load %ptra : tensor<128x64x!tkc.ptr<f16>, #l>
      %tb = tkc.load %ptrb : tensor<128x64x!tkc.ptr<f16>, #l>
      %t0 = tkc.load %p0 : tensor<64x64x!tkc.ptr<f32>, #f>
      %t1 = tkc.load %p1 : tensor<64x64x!tkc.ptr<f32>, #f>
      %t2 = tkc.load %p2 : tensor<64x64x!tkc.ptr<f32>, #f>
      %t3 = tkc.load %p3 : tensor<64x64x!tkc.ptr<f32>, #f>
      %a = tkc_gpu.convert_layout %ta : tensor<128x64xf16, #l> -> tensor<128x64xf16, #a>
      %bt = tkc.trans %tb {order = array<i32: 1, 0>} : tensor<128x64xf16, #l> -> tensor<64x128xf16, #lt>
      %b = tkc_gpu.convert_layout %bt : tensor<64x128xf16, #lt> -> tensor<64x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<128x64xf16, #a> * tensor<64x128xf16, #b> -> tensor<128x128xf32, #mma>
      %s0 = arith.addf %sum, %t0 : tensor<64x64xf32, #f>
      %s1 = arith.addf %s0, %t1 : tensor<64x64xf32, #f>
      %s2 = arith.addf %s1, %t2 : tensor<64x64xf32, #f>
      %s3 = arith.addf %s2, %t3 : tensor<64x64xf32, #f>
      %nexta = tkc.addptr %ptra, %step : tensor<128x64x!tkc.ptr<f16>, #l>, tensor<128x64xi32, #l>
      %nextb = tkc.addptr %ptrb, %step : tensor<128x64x!tkc.ptr<f16>, #l>, tensor<128x64xi32, #l>
      %n0 = tkc.addptr %p0, %fstep : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
      %n1 = tkc.addptr %p1, %fstep : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
      %n2 = tkc.addptr %p2, %fstep : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
      %n3 = tkc.addptr %p3, %fstep : tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64xi32, #f>
      scf.yield %d, %s3, %nexta, %nextb, %n0, %n1, %n2, %n3 : tensor<128x128xf32, #mma>, tensor<64x64xf32, #f>, tensor<128x64x!tkc.ptr<f16>, #l>, tensor<128x64x!tkc.ptr<f16>, #l>, tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64x!tkc.ptr<f32>, #f>, tensor<64x64x!tkc.ptr<f32>, #f>
    }
    return %res#0, %res#1 : tensor<128x128xf32, #mma>, tensor<64x64xf32, #f>
  }

  // The same stacks in a loop that holds another, beside two multiplies
  // there whose B is computed in registers (a warpgroup multiply reads them
  // from shared memory, 2 x 32 KB): they would take the block past its 227
  // KB, so the outer loop is not pipelined in shared memory (Triton
  // pipelines innermost loops only); its loads are issued an iteration
  // early in registers.
  // SHARED-LABEL: func.func @operands_past_budget
  // SHARED-NOT: tkc_gpu.local_alloc
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: scf.for
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: return
  func.func @operands_past_budget(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32, %x: tensor<128x128xf16, #b>) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %step = arith.constant dense<16384> : tensor<128x128xi32, #l>
    %r = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x128xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x128xi32, #l> -> tensor<128x128xi32, #l>
    %sa = tkc.splat %pa : tensor<128x128x!tkc.ptr<f16>, #l>
    %pa0 = tkc.addptr %sa, %cols : tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128xi32, #l>
    %pb0 = tkc.addptr %pa0, %step : tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128xi32, #l>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptra = %pa0, %ptrb = %pb0) -> (tensor<128x128xf32, #mma>, tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128x!tkc.ptr<f16>, #l>) : i32 {
      %ta = tkc.load %ptra : tensor<128x128x!tkc.ptr<f16>, #l>
      %tb = tkc.load %ptrb : tensor<128x128x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %ta : tensor<128x128xf16, #l> -> tensor<128x128xf16, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<128x128xf16, #l> -> tensor<128x128xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<128x128xf16, #a> * tensor<128x128xf16, #b> -> tensor<128x128xf32, #mma>
      %inner = scf.for %j = %c0 to %n step %c1 iter_args(%in = %d) -> (tensor<128x128xf32, #mma>) : i32 {
        %d2 = tkc.dot %a, %x, %in : tensor<128x128xf16, #a> * tensor<128x128xf16, #b> -> tensor<128x128xf32, #mma>
        %h = arith.truncf %d2 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
        %hb = tkc_gpu.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #b>
        %d3 = tkc.dot %a, %hb, %d2 : tensor<128x128xf16, #a> * tensor<128x128xf16, #b> -> tensor<128x128xf32, #mma>
        scf.yield %d3 : tensor<128x128xf32, #mma>
      }
      %nexta = tkc.addptr %ptra, %step : tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128xi32, #l>
      %nextb = tkc.addptr %ptrb, %step : tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128xi32, #l>
      scf.yield %inner, %nexta, %nextb : tensor<128x128xf32, #mma>, tensor<128x128x!tkc.ptr<f16>, #l>, tensor<128x128x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<128x128xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#r = #tkc_gpu.slice<{dim = 1, parent = #l}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A vector whose address divides by a run-time value (vLLM's block-fp8
  // scales, at `k * BLOCK_K // group_k`) beside a warpgroup multiply is not
  // copied ahead: it stays a load in the loop (copied, its 214 registers
  // against 197 ran at 0.89 of Triton), and the operand tile still moves
  // through shared memory.
  // SHARED-LABEL: func.func @scale_by_group
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]>
  // SHARED-NOT: tkc_gpu.local_alloc
  // SHARED: scf.for
  // SHARED: tkc_gpu.async_copy
  // SHARED: arith.divsi
  // SHARED: tkc.load {{.*}} : tensor<64x!tkc.ptr<f32>, #{{.*}}>
  // SHARED: scf.yield
  func.func @scale_by_group(%base: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %scales: tensor<64x!tkc.ptr<f32>, #r>, %group: i32, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<64x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf32, #mma>
    %rr = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %rr {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %off = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<64x32xi32, #l>
    %s = tkc.splat %base : tensor<64x32x!tkc.ptr<f16>, #l>
    %pa = tkc.addptr %s, %off : tensor<64x32x!tkc.ptr<f16>, #l>, tensor<64x32xi32, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf32, #mma>) : i32 {
      %t = tkc.load %pa : tensor<64x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<64x32xf16, #l> -> tensor<64x32xf16, #a>
      %d = tkc.dot %a, %b, %zero : tensor<64x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<64x32xf32, #mma>
      %kk = arith.muli %k, %c32 : i32
      %blk = arith.divsi %kk, %group : i32
      %bs = tkc.splat %blk : tensor<64xi32, #r>
      %sp = tkc.addptr %scales, %bs : tensor<64x!tkc.ptr<f32>, #r>, tensor<64xi32, #r>
      %sv = tkc.load %sp : tensor<64x!tkc.ptr<f32>, #r>
      %se = tkc.expand_dims %sv {axis = 1 : i32} : tensor<64xf32, #r> -> tensor<64x1xf32, #l>
      %sb = tkc.broadcast %se : tensor<64x1xf32, #l> -> tensor<64x32xf32, #l>
      %sm = tkc_gpu.convert_layout %sb : tensor<64x32xf32, #l> -> tensor<64x32xf32, #mma>
      %scaled = arith.mulf %d, %sm : tensor<64x32xf32, #mma>
      %sum = arith.addf %acc, %scaled : tensor<64x32xf32, #mma>
      scf.yield %sum : tensor<64x32xf32, #mma>
    }
    return %res : tensor<64x32xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#r = #tkc_gpu.slice<{dim = 1, parent = #l}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // The same with mma.sync: the vector is copied ahead through shared
  // memory, as Triton copies GPTQ's scales at `k // (groupsize //
  // BLOCK_K)`. Where the iteration copied for does not exist, the copy
  // divides by 1: the loop may never have divided by the divisor (zero,
  // perhaps).
  // SHARED-LABEL: func.func @scale_by_group_copied
  // SHARED: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32, 32], f16, order = [1, 0]>
  // SHARED-NEXT: tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 32], f32, order = [0]>
  // SHARED: %[[BY:.*]] = arith.select %{{.*}}, %arg2, %{{.*}} : i32
  // SHARED-NEXT: arith.divsi %{{.*}}, %[[BY]] : i32
  // SHARED: tkc_gpu.async_copy {{.*}} : tensor<32x!tkc.ptr<f32>, #{{.*}}>, !tkc_gpu.shared<[32], f32, order = [0]>
  // SHARED: scf.for
  // SHARED: arith.select
  // SHARED-NEXT: arith.divsi
  // SHARED: tkc_gpu.async_copy {{.*}} : tensor<32x!tkc.ptr<f32>, #{{.*}}>, !tkc_gpu.shared<[32], f32, order = [0]>
  // SHARED-NOT: tkc.load
  // SHARED: tkc_gpu.local_load {{.*}} -> tensor<32xf32
  // SHARED: scf.yield
  func.func @scale_by_group_copied(%base: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %scales: tensor<32x!tkc.ptr<f32>, #r>, %group: i32, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %rr = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %rr {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %off = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %s = tkc.splat %base : tensor<32x32x!tkc.ptr<f16>, #l>
    %pa = tkc.addptr %s, %off : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %t = tkc.load %pa : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %zero : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %kk = arith.muli %k, %c32 : i32
      %blk = arith.divsi %kk, %group : i32
      %bs = tkc.splat %blk : tensor<32xi32, #r>
      %sp = tkc.addptr %scales, %bs : tensor<32x!tkc.ptr<f32>, #r>, tensor<32xi32, #r>
      %sv = tkc.load %sp : tensor<32x!tkc.ptr<f32>, #r>
      %se = tkc.expand_dims %sv {axis = 1 : i32} : tensor<32xf32, #r> -> tensor<32x1xf32, #l>
      %sb = tkc.broadcast %se : tensor<32x1xf32, #l> -> tensor<32x32xf32, #l>
      %sm = tkc_gpu.convert_layout %sb : tensor<32x32xf32, #l> -> tensor<32x32xf32, #mma>
      %scaled = arith.mulf %d, %sm : tensor<32x32xf32, #mma>
      %sum = arith.addf %acc, %scaled : tensor<32x32xf32, #mma>
      scf.yield %sum : tensor<32x32xf32, #mma>
    }
    return %res : tensor<32x32xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // An operand tile whose rows may start at any element (its base pointer
  // has no known alignment) cannot be copied asynchronously. On a target
  // with such copies it is then loaded where it is, as Triton does: its
  // next copy would hold a tile's registers beside the accumulator's.
  // Elsewhere (AMD) it is loaded an iteration early in registers.
  // SHARED-LABEL: func.func @unaligned_operand
  // SHARED-NOT: tkc_gpu.local_alloc
  // SHARED-NOT: tkc.load
  // SHARED: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #blocked>)
  // SHARED-NEXT: tkc.load
  // SHARED-NEXT: tkc_gpu.convert_layout
  // SHARED-NEXT: tkc.dot
  // AMD-LABEL: func.func @unaligned_operand
  // AMD: tkc.load
  // AMD: scf.for
  // AMD: tkc.load
  // AMD: tkc.dot
  func.func @unaligned_operand(%pa: !tkc.ptr<f16>, %n: i32, %b: tensor<32x32xf16, #b>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %step = arith.constant dense<32> : tensor<32x32xi32, #l>
    %r = tkc.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x32xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x32xi32, #l> -> tensor<32x32xi32, #l>
    %s = tkc.splat %pa : tensor<32x32x!tkc.ptr<f16>, #l>
    %p0 = tkc.addptr %s, %cols : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p0) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>) : i32 {
      %t = tkc.load %ptr : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %next = tkc.addptr %ptr, %step : tensor<32x32x!tkc.ptr<f16>, #l>, tensor<32x32xi32, #l>
      scf.yield %d, %next : tensor<32x32xf32, #mma>, tensor<32x32x!tkc.ptr<f16>, #l>
    }
    return %res#0 : tensor<32x32xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // With tensor-copies, b's tiles, blocks of the host descriptor b_desc that
  // a warpgroup multiply reads in place, are copied through a tensor map: an
  // argument appended to the function and listed in the module (a 64 x 64
  // box, the tile's 128-byte rows swizzled as !tkc_gpu.shared lays them
  // out). Its group completes one barrier per slot: made before the loop,
  // each copy expected (a 64 x 64 fp16 tile: 8192 bytes) where its iteration
  // exists, waited on after the async_wait with the phase the loop carries
  // (flipped as the slot it reads wraps), and ended after the loop. a's
  // tiles, which the loop scales in registers, are copied asynchronously as
  // before. The map's entry carries the arguments the launcher encodes it
  // from (the kernel's tkc.tensor_descriptors lists them; a block of a
  // descriptor it does not list is copied thread by thread).
  // SHARED: module attributes {{{.*}}tkc_gpu.tensor_maps = [{arg = 3 : i32, box = array<i64: 64, 64>, descriptor = "b_desc", element = f16, source = {base = "b_desc_base", shape = {{\[}}[1, "b_desc_shape0"], [1, "b_desc_shape1"]], strides = {{\[}}[1, "b_desc_stride0"]]}, swizzle = 128 : i32}]
  // SHARED-LABEL: func.func @tensor_copies
  // SHARED-SAME: %[[MAP:[^:]*]]: !llvm.ptr)
  // SHARED: %[[BAR:.*]] = tkc_gpu.local_alloc : !tkc_gpu.shared<[3], i64, order = [0], swizzled = false>
  // SHARED-NEXT: tkc_gpu.barrier_init %[[BAR]]
  // SHARED: tkc_gpu.barrier_expect %[[BAR]][%c0_i32{{.*}}], %{{.*}} {bytes = 8192 : i32}
  // SHARED: tkc_gpu.tensor_copy %[[MAP]][%c0_i32, %{{.*}}], %{{.*}}, %[[BAR]][%c0_i32{{.*}}], %{{.*}} : !llvm.ptr, !tkc_gpu.shared<[64, 64], f16, order = [1, 0]>
  // SHARED: scf.for %[[K:.*]] = {{.*}} iter_args({{.*}}, %[[READ:[^ ]*]] = %c0_i32{{[_0-9]*}}, %[[WRITE:[^ ]*]] = %c2_i32{{[_0-9]*}}, %[[PHASE:[^ ]*]] = %c0_i32{{[_0-9]*}}) -> ({{.*}}, i32, i32, i32)
  // SHARED-NEXT: tkc_gpu.async_wait {pending = 1 : i32}
  // SHARED-NEXT: tkc_gpu.barrier_wait %[[BAR]][%[[READ]]], %[[PHASE]]
  // SHARED: tkc_gpu.barrier_expect %[[BAR]][%[[WRITE]]]
  // SHARED: tkc_gpu.tensor_copy %[[MAP]][%c0_i32, %{{.*}}], %{{.*}}, %[[BAR]][%[[WRITE]]]
  // SHARED: tkc_gpu.async_copy
  // SHARED: %[[WRAPS:.*]] = arith.cmpi eq, %{{.*}}, %c3_i32 : i32
  // SHARED: %[[FLIP:.*]] = arith.xori %[[PHASE]], %c1_i32
  // SHARED-NEXT: arith.select %[[WRAPS]], %[[FLIP]], %[[PHASE]]
  // SHARED: tkc_gpu.async_wait {pending = 0 : i32}
  // SHARED-NEXT: tkc_gpu.barrier_inval %[[BAR]]
  // With tensor-copies=false, or on targets without tensor
  // copies, both are copied asynchronously.
  // NOTMA-NOT: tensor_maps
  // NOTMA-LABEL: func.func @tensor_copies
  // NOTMA-NOT: tensor_copy
  // NOTMA: tkc_gpu.async_copy
  // NOTMA: tkc_gpu.async_copy
  // NOTMA-NOT: tensor_copy
  // NOTMA: return
  // A descriptor the kernel does not list (its arguments unknown) is copied
  // thread by thread too.
  // UNLISTED-NOT: tensor_maps
  // UNLISTED-LABEL: func.func @tensor_copies
  // UNLISTED-NOT: tensor_copy
  // UNLISTED: tkc_gpu.async_copy
  // UNLISTED-NOT: tensor_copy
  // UNLISTED: return
  // SM80-LABEL: func.func @tensor_copies
  // SM80-NOT: tensor_copy
  // SM80: tkc_gpu.async_copy
  // SM80-NOT: tensor_copy
  // SM80: return
  func.func @tensor_copies(%pa: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> attributes {tkc.tensor_descriptors = {b_desc = {base = "b_desc_base", shape = [[1, "b_desc_shape0"], [1, "b_desc_shape1"]], strides = [[1, "b_desc_stride0"]]}}} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %two = arith.constant dense<2.0> : tensor<64x64xf16, #l>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x64xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x64xi32, #l> -> tensor<64x64xi32, #l>
    %sa = tkc.splat %pa : tensor<64x64x!tkc.ptr<f16>, #l>
    %pa0 = tkc.addptr %sa, %cols : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
    %sb = tkc.splat %pb : tensor<64x64x!tkc.ptr<f16>, #l>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %offs = tkc.splat %off : tensor<64x64xi32, #l>
      %ia = arith.addi %cols, %offs : tensor<64x64xi32, #l>
      %ptra = tkc.addptr %sa, %ia : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      %ptrb = tkc.addptr %sb, %ia : tensor<64x64x!tkc.ptr<f16>, #l>, tensor<64x64xi32, #l>
      %ta = tkc.load %ptra : tensor<64x64x!tkc.ptr<f16>, #l>
      %tb = tkc.load %ptrb box "b_desc"[%c0, %off] : tensor<64x64x!tkc.ptr<f16>, #l>
      %sc = arith.mulf %ta, %two : tensor<64x64xf16, #l>
      %a = tkc_gpu.convert_layout %sc : tensor<64x64xf16, #l> -> tensor<64x64xf16, #a>
      %b = tkc_gpu.convert_layout %tb : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
      %d = tkc.dot %a, %b, %acc : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    return %res : tensor<64x64xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #tkc_gpu.slice<{dim = 0, parent = #l}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A loop whose tile cannot be copied ahead (the loop stores where it
  // loads it) copies no vector either: vectors are copied beside the tiles
  // they scale or index, not alone (an aiter MoE loop, which adds into
  // what it loads, copied only its token ids, read from the same address
  // each iteration: 40 registers instead of 32).
  // SHARED-LABEL: func.func @vector_alone
  // SHARED-NOT: tkc_gpu.local_alloc
  // SHARED-NOT: tkc_gpu.async_copy
  // SHARED: return
  func.func @vector_alone(%p: tensor<32x32x!tkc.ptr<f16>, #l>, %cols: tensor<32x!tkc.ptr<f32>, #c>, %n: i32, %b: tensor<32x32xf16, #b>) -> (tensor<32x32xf32, #mma>, tensor<32xf32, #c>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %czero = arith.constant dense<0.0> : tensor<32xf32, #c>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %cs = %czero) -> (tensor<32x32xf32, #mma>, tensor<32xf32, #c>) : i32 {
      %t = tkc.load %p : tensor<32x32x!tkc.ptr<f16>, #l>
      %a = tkc_gpu.convert_layout %t : tensor<32x32xf16, #l> -> tensor<32x32xf16, #a>
      %d = tkc.dot %a, %b, %acc : tensor<32x32xf16, #a> * tensor<32x32xf16, #b> -> tensor<32x32xf32, #mma>
      %t2 = arith.addf %t, %t : tensor<32x32xf16, #l>
      tkc.store %p, %t2 : tensor<32x32x!tkc.ptr<f16>, #l>
      %cv = tkc.load %cols : tensor<32x!tkc.ptr<f32>, #c>
      %cn = arith.addf %cs, %cv : tensor<32xf32, #c>
      scf.yield %d, %cn : tensor<32x32xf32, #mma>, tensor<32xf32, #c>
    }
    return %res#0, %res#1 : tensor<32x32xf32, #mma>, tensor<32xf32, #c>
  }

}

// -----

#l3 = #tkc_gpu.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A block of a 3-D descriptor, [1, 64, 64], reshaped to [64, 64] for the
  // dot (triton_kernels' batched matmul): the reshape only drops a unit
  // dimension, so the tile holds the 2-D tensor. With tensor copies, its
  // map's box is [1, 64, 64] and each copy takes the block's three
  // coordinates; without, each thread's copies take its pointers and mask
  // reshaped as the block was.
  // SHARED: tkc_gpu.tensor_maps = [{arg = 4 : i32, box = array<i64: 1, 64, 64>, descriptor = "b_desc"
  // SHARED-LABEL: func.func @batched_block
  // SHARED: scf.for
  // SHARED: tkc_gpu.tensor_copy %arg4[%arg2, %c0_i32{{[_0-9]*}}, %{{.*}}], %{{.*}} : !llvm.ptr, !tkc_gpu.shared<[64, 64], f16, order = [1, 0]>
  // SHARED-NOT: tkc.reshape {{.*}}xf16
  // SHARED: return
  // NOTMA-LABEL: func.func @batched_block
  // NOTMA: scf.for
  // NOTMA: %[[P:.*]] = tkc.reshape %{{.*}} : tensor<1x64x64x!tkc.ptr<f16>, #{{.*}}> -> tensor<64x64x!tkc.ptr<f16>, #{{.*}}>
  // NOTMA: %[[M:.*]] = tkc.reshape %{{.*}} : tensor<1x64x64xi1, #{{.*}}> -> tensor<64x64xi1, #{{.*}}>
  // NOTMA: tkc_gpu.async_copy %[[P]], %{{.*}} mask
  // NOTMA: tkc_gpu.local_load %{{.*}} : !tkc_gpu.shared<[64, 64], f16, order = [1, 0]> -> tensor<64x64xf16, #{{.*}}>
  // NOTMA-NOT: tkc.reshape {{.*}}xf16
  // NOTMA: return
  func.func @batched_block(%b2: tensor<64x64xf16, #a>, %pb: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %batch: i32, %n: i32) -> tensor<64x64xf32, #mma> attributes {tkc.tensor_descriptors = {b_desc = {base = "b_desc_base", shape = [[1, "b_desc_shape0"], [1, "b_desc_shape1"], [1, "b_desc_shape2"]], strides = [[1, "b_desc_stride0"], [1, "b_desc_stride1"]]}}} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #tkc_gpu.slice<{dim = 0, parent = #l3}>}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #tkc_gpu.slice<{dim = 0, parent = #tkc_gpu.slice<{dim = 0, parent = #l3}>}>> -> tensor<1x64xi32, #tkc_gpu.slice<{dim = 0, parent = #l3}>>
    %e3 = tkc.expand_dims %e {axis = 0 : i32} : tensor<1x64xi32, #tkc_gpu.slice<{dim = 0, parent = #l3}>> -> tensor<1x1x64xi32, #l3>
    %cols = tkc.broadcast %e3 : tensor<1x1x64xi32, #l3> -> tensor<1x64x64xi32, #l3>
    %sb = tkc.splat %pb : tensor<1x64x64x!tkc.ptr<f16>, #l3>
    %ncols = tkc.splat %n : tensor<1x64x64xi32, #l3>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %offs = tkc.splat %off : tensor<1x64x64xi32, #l3>
      %ib = arith.addi %cols, %offs : tensor<1x64x64xi32, #l3>
      %ptrb = tkc.addptr %sb, %ib : tensor<1x64x64x!tkc.ptr<f16>, #l3>, tensor<1x64x64xi32, #l3>
      %mb = arith.cmpi slt, %ib, %ncols : tensor<1x64x64xi32, #l3>
      %tb = tkc.load %ptrb, %mb box "b_desc"[%batch, %c0, %off] : tensor<1x64x64x!tkc.ptr<f16>, #l3>
      %t2 = tkc.reshape %tb : tensor<1x64x64xf16, #l3> -> tensor<64x64xf16, #l>
      %b = tkc_gpu.convert_layout %t2 : tensor<64x64xf16, #l> -> tensor<64x64xf16, #b>
      %d = tkc.dot %b2, %b, %acc : tensor<64x64xf16, #a> * tensor<64x64xf16, #b> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    return %res : tensor<64x64xf32, #mma>
  }
}
