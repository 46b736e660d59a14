// RUN: tkc-opt %s --split-input-file --tkc-gpu-stage-mma-operands | FileCheck %s
// RUN: sed 's/tkc_gpu.num_warps = 4 : i32/tkc_gpu.favor_occupancy, tkc_gpu.num_warps = 4 : i32/' %s | tkc-opt --split-input-file --tkc-gpu-stage-mma-operands | FileCheck %s --check-prefix=OCCUPANCY
// RUN: tkc-opt %s --split-input-file --tkc-gpu-stage-mma-operands=target=cuda:90a | FileCheck %s --check-prefix=SM90

#k = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [0, 1]}>
#v = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A loop body that loads K and V before its dots (native sparse
  // attention's forward; its `if` keeps the loop from being pipelined): each
  // tile is stored, in its layout's order, right after its load, and read in
  // the dot_op layout where the conversion was. Q, made before the loop, is
  // stored once there.
  // CHECK-LABEL: func.func @attention_body
  // CHECK: %[[Q:.*]] = tkc.load %arg0
  // CHECK-NEXT: %[[SQ:.*]] = tkc_gpu.local_alloc %[[Q]] : (tensor<16x128xbf16, #{{.*}}>) -> !tkc_gpu.shared<[16, 128], bf16, order = [1, 0]>
  // CHECK: scf.for
  // CHECK: scf.if
  // CHECK: %[[K:.*]] = tkc.load %arg1
  // CHECK-NEXT: %[[SK:.*]] = tkc_gpu.local_alloc %[[K]] : (tensor<128x64xbf16, #{{.*}}>) -> !tkc_gpu.shared<[128, 64], bf16, order = [0, 1]>
  // CHECK-NEXT: %[[V:.*]] = tkc.load %arg2
  // CHECK-NEXT: %[[SV:.*]] = tkc_gpu.local_alloc %[[V]] : (tensor<64x128xbf16, #{{.*}}>) -> !tkc_gpu.shared<[64, 128], bf16, order = [1, 0]>
  // CHECK-NOT: tkc_gpu.convert_layout
  // CHECK: %[[QD:.*]] = tkc_gpu.local_load %[[SQ]] : {{.*}} -> tensor<16x128xbf16, #[[DA:dot_op[0-9]*]]>
  // CHECK-NEXT: %[[KD:.*]] = tkc_gpu.local_load %[[SK]] : {{.*}} -> tensor<128x64xbf16, #[[DB:dot_op[0-9]*]]>
  // CHECK-NEXT: %[[S:.*]] = tkc.dot %[[QD]], %[[KD]]
  // CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<16x64xbf16, #mma> -> tensor<16x64xbf16, #[[DA]]>
  // CHECK-NEXT: %[[VD:.*]] = tkc_gpu.local_load %[[SV]] : {{.*}} -> tensor<64x128xbf16, #[[DB]]>
  // CHECK-NEXT: tkc.dot %{{.*}}, %[[VD]]
  func.func @attention_body(%pq: tensor<16x128x!tkc.ptr<bf16>, #v>, %pk: tensor<128x64x!tkc.ptr<bf16>, #k>, %pv: tensor<64x128x!tkc.ptr<bf16>, #v>, %acc0: tensor<16x128xf32, #mma>, %n: i32, %go: i1) -> tensor<16x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<16x64xf32, #mma>
    %q = tkc.load %pq : tensor<16x128x!tkc.ptr<bf16>, #v>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<16x128xf32, #mma>) : i32 {
      %next = scf.if %go -> (tensor<16x128xf32, #mma>) {
        %k = tkc.load %pk : tensor<128x64x!tkc.ptr<bf16>, #k>
        %v = tkc.load %pv : tensor<64x128x!tkc.ptr<bf16>, #v>
        %qd = tkc_gpu.convert_layout %q : tensor<16x128xbf16, #v> -> tensor<16x128xbf16, #a>
        %kd = tkc_gpu.convert_layout %k : tensor<128x64xbf16, #k> -> tensor<128x64xbf16, #b>
        %s = tkc.dot %qd, %kd, %zero : tensor<16x128xbf16, #a> * tensor<128x64xbf16, #b> -> tensor<16x64xf32, #mma>
        %p = arith.truncf %s : tensor<16x64xf32, #mma> to tensor<16x64xbf16, #mma>
        %pd = tkc_gpu.convert_layout %p : tensor<16x64xbf16, #mma> -> tensor<16x64xbf16, #a>
        %vd = tkc_gpu.convert_layout %v : tensor<64x128xbf16, #v> -> tensor<64x128xbf16, #b>
        %o = tkc.dot %pd, %vd, %acc : tensor<16x64xbf16, #a> * tensor<64x128xbf16, #b> -> tensor<16x128xf32, #mma>
        scf.yield %o : tensor<16x128xf32, #mma>
      } else {
        scf.yield %acc : tensor<16x128xf32, #mma>
      }
      scf.yield %next : tensor<16x128xf32, #mma>
    }
    return %r : tensor<16x128xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
#mma4 = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 4]}>
#a4 = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma4, kWidth = 2}>
#b4 = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma4, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A loop whose B tiles the pipeliner copies asynchronously: it ordered
  // the loop's copies and sized their stacks for the shared memory it found
  // free. C, loaded in it (32 registers per thread), keeps its conversion
  // at the dot. A, made before the loop, is stored once, before it, and
  // read at its dot in every iteration, as Triton does: the conversion
  // would store and read it in every iteration. Where the target's shared
  // memory has no room for A beside the stacks (227 KB on sm_90a), it keeps
  // its conversion too.
  // The module is marked for @few_registers below.
  // CHECK: module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.occupancy_headroom
  // CHECK-LABEL: func.func @pipelined_loop
  // CHECK: %[[SA:.*]] = tkc_gpu.local_alloc %arg0 : (tensor<64x128xf16, #{{.*}}>) -> !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
  // CHECK: scf.for
  // CHECK: tkc_gpu.local_load %[[SA]]
  // CHECK-NEXT: tkc.dot
  // CHECK: tkc_gpu.convert_layout
  // CHECK-NEXT: tkc.dot
  // SM90-LABEL: func.func @pipelined_loop
  // SM90: tkc_gpu.local_alloc %arg0
  // SM90-LABEL: func.func @no_room
  // SM90-NOT: tkc_gpu.local_alloc %
  // SM90: tkc_gpu.convert_layout %arg0
  // SM90-NEXT: tkc.dot
  func.func @pipelined_loop(%x: tensor<64x128xf16, #l>, %pb: tensor<128x64x!tkc.ptr<f16>, #l>, %pc: tensor<64x128x!tkc.ptr<f16>, #l>, %acc0: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 128, 64], f16, order = [1, 0]>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %t = tkc_gpu.tile %buf[%i] : !tkc_gpu.shared<[2, 128, 64], f16, order = [1, 0]> -> !tkc_gpu.shared<[128, 64], f16, order = [1, 0]>
      tkc_gpu.async_copy %pb, %t : tensor<128x64x!tkc.ptr<f16>, #l>, !tkc_gpu.shared<[128, 64], f16, order = [1, 0]>
      tkc_gpu.async_commit
      tkc_gpu.async_wait {pending = 0 : i32}
      %c = tkc.load %pc : tensor<64x128x!tkc.ptr<f16>, #l>
      %bd = tkc_gpu.local_load %t : !tkc_gpu.shared<[128, 64], f16, order = [1, 0]> -> tensor<128x64xf16, #b>
      %ad = tkc_gpu.convert_layout %x : tensor<64x128xf16, #l> -> tensor<64x128xf16, #a>
      %d = tkc.dot %ad, %bd, %acc : tensor<64x128xf16, #a> * tensor<128x64xf16, #b> -> tensor<64x64xf32, #mma>
      %cd = tkc_gpu.convert_layout %c : tensor<64x128xf16, #l> -> tensor<64x128xf16, #a>
      %e = tkc.dot %cd, %bd, %d : tensor<64x128xf16, #a> * tensor<128x64xf16, #b> -> tensor<64x64xf32, #mma>
      scf.yield %e : tensor<64x64xf32, #mma>
    }
    return %r : tensor<64x64xf32, #mma>
  }

  func.func @no_room(%x: tensor<64x128xf16, #l>, %acc0: tensor<64x128xf32, #mma>, %n: i32) -> tensor<64x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[7, 128, 128], f16, order = [1, 0]>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x128xf32, #mma>) : i32 {
      %t = tkc_gpu.tile %buf[%i] : !tkc_gpu.shared<[7, 128, 128], f16, order = [1, 0]> -> !tkc_gpu.shared<[128, 128], f16, order = [1, 0]>
      %bd = tkc_gpu.local_load %t : !tkc_gpu.shared<[128, 128], f16, order = [1, 0]> -> tensor<128x128xf16, #b>
      %ad = tkc_gpu.convert_layout %x : tensor<64x128xf16, #l> -> tensor<64x128xf16, #a>
      %d = tkc.dot %ad, %bd, %acc : tensor<64x128xf16, #a> * tensor<128x128xf16, #b> -> tensor<64x128xf32, #mma>
      scf.yield %d : tensor<64x128xf32, #mma>
    }
    return %r : tensor<64x128xf32, #mma>
  }

  // A 16-row A split over 4 warps along N: each warp holds all of it, 64
  // elements a thread, where the loop's B tile gives each 32. Reading A in
  // every iteration would move twice what B's reads move: A stays in
  // registers (vLLM's unified attention: 9% slower read in every
  // iteration).
  // CHECK-LABEL: func.func @expensive_invariant
  // CHECK-NOT: tkc_gpu.local_alloc %
  // CHECK: scf.for
  // CHECK: tkc_gpu.convert_layout %arg0
  // CHECK-NEXT: tkc.dot
  func.func @expensive_invariant(%x: tensor<16x128xf16, #l>, %acc0: tensor<16x32xf32, #mma4>, %n: i32) -> tensor<16x32xf32, #mma4> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 128, 32], f16, order = [1, 0]>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<16x32xf32, #mma4>) : i32 {
      %t = tkc_gpu.tile %buf[%i] : !tkc_gpu.shared<[2, 128, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[128, 32], f16, order = [1, 0]>
      %bd = tkc_gpu.local_load %t : !tkc_gpu.shared<[128, 32], f16, order = [1, 0]> -> tensor<128x32xf16, #b4>
      %ad = tkc_gpu.convert_layout %x : tensor<16x128xf16, #l> -> tensor<16x128xf16, #a4>
      %d = tkc.dot %ad, %bd, %acc : tensor<16x128xf16, #a4> * tensor<128x32xf16, #b4> -> tensor<16x32xf32, #mma4>
      scf.yield %d : tensor<16x32xf32, #mma4>
    }
    return %r : tensor<16x32xf32, #mma4>
  }

  // The same 16-row A, 512 wide (SGLang's MLA decode: 128 registers a
  // thread), beside a 16x512 accumulator (64) and a V tile converted in the
  // loop (64): held through the loop they would take more registers than a
  // thread has, so A is stored before the loop and read at its dot, as
  // Triton does, though the reads cost more than B's.
  // CHECK-LABEL: func.func @invariant_beside_accumulator
  // CHECK: tkc_gpu.local_alloc %arg0 : (tensor<16x512xf16, #{{.*}}>)
  // CHECK: scf.for
  // CHECK: tkc_gpu.local_load {{.*}} -> tensor<16x512xf16
  func.func @invariant_beside_accumulator(%x: tensor<16x512xf16, #l>, %pv: tensor<32x512x!tkc.ptr<f16>, #l>, %acc0: tensor<16x512xf32, #mma4>, %n: i32) -> tensor<16x512xf32, #mma4> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<16x32xf32, #mma4>
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[2, 512, 32], f16, order = [1, 0]>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<16x512xf32, #mma4>) : i32 {
      %t = tkc_gpu.tile %buf[%i] : !tkc_gpu.shared<[2, 512, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[512, 32], f16, order = [1, 0]>
      %kd = tkc_gpu.local_load %t : !tkc_gpu.shared<[512, 32], f16, order = [1, 0]> -> tensor<512x32xf16, #b4>
      %qd = tkc_gpu.convert_layout %x : tensor<16x512xf16, #l> -> tensor<16x512xf16, #a4>
      %s = tkc.dot %qd, %kd, %zero : tensor<16x512xf16, #a4> * tensor<512x32xf16, #b4> -> tensor<16x32xf32, #mma4>
      %p = arith.truncf %s : tensor<16x32xf32, #mma4> to tensor<16x32xf16, #mma4>
      %pd = tkc_gpu.convert_layout %p : tensor<16x32xf16, #mma4> -> tensor<16x32xf16, #a4>
      %v = tkc.load %pv : tensor<32x512x!tkc.ptr<f16>, #l>
      %vd = tkc_gpu.convert_layout %v : tensor<32x512xf16, #l> -> tensor<32x512xf16, #b4>
      %o = tkc.dot %pd, %vd, %acc : tensor<16x32xf16, #a4> * tensor<32x512xf16, #b4> -> tensor<16x512xf32, #mma4>
      scf.yield %o : tensor<16x512xf32, #mma4>
    }
    return %r : tensor<16x512xf32, #mma4>
  }

  // Outside loops, on 4 warps: A (8 registers per thread) and B (32) hold
  // 40 together, too few to make B's load wait for A's store: both keep
  // their conversions, and the module is marked for the driver, which may
  // lower it again favoring occupancy. Then B (32 registers) is stored.
  // CHECK-LABEL: func.func @few_registers
  // CHECK-NOT: tkc_gpu.local_alloc
  // CHECK: tkc_gpu.convert_layout
  // CHECK: tkc_gpu.convert_layout
  // OCCUPANCY-LABEL: func.func @few_registers
  // OCCUPANCY: %[[B:.*]] = tkc.load %arg1
  // OCCUPANCY-NEXT: tkc_gpu.local_alloc %[[B]]
  // OCCUPANCY-NEXT: tkc_gpu.convert_layout
  // OCCUPANCY-NEXT: tkc_gpu.local_load
  func.func @few_registers(%pa: tensor<16x128x!tkc.ptr<f16>, #l>, %pb: tensor<128x64x!tkc.ptr<f16>, #l>, %c: tensor<16x64xf32, #mma>) -> tensor<16x64xf32, #mma> {
    %a = tkc.load %pa : tensor<16x128x!tkc.ptr<f16>, #l>
    %b = tkc.load %pb : tensor<128x64x!tkc.ptr<f16>, #l>
    %ad = tkc_gpu.convert_layout %a : tensor<16x128xf16, #l> -> tensor<16x128xf16, #a>
    %bd = tkc_gpu.convert_layout %b : tensor<128x64xf16, #l> -> tensor<128x64xf16, #b>
    %d = tkc.dot %ad, %bd, %c : tensor<16x128xf16, #a> * tensor<128x64xf16, #b> -> tensor<16x64xf32, #mma>
    return %d : tensor<16x64xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // On one warp A (16 registers per thread) and B (256) hold 272: B is
  // stored right after its load; A, too small for its store to be worth
  // the wait, keeps its conversion, so that B's load need not wait for it
  // (a matmul's K remainder after its loop).
  // CHECK-LABEL: func.func @small_a
  // CHECK: %[[A:.*]] = tkc.load %arg0
  // CHECK-NEXT: %[[B:.*]] = tkc.load %arg1
  // CHECK-NEXT: %[[SB:.*]] = tkc_gpu.local_alloc %[[B]]
  // CHECK-NEXT: tkc_gpu.convert_layout %[[A]]
  // CHECK-NEXT: tkc_gpu.local_load %[[SB]]
  // CHECK-NEXT: tkc.dot
  func.func @small_a(%pa: tensor<16x64x!tkc.ptr<f16>, #l>, %pb: tensor<64x256x!tkc.ptr<f16>, #l>, %c: tensor<16x256xf32, #mma>) -> tensor<16x256xf32, #mma> {
    %a = tkc.load %pa : tensor<16x64x!tkc.ptr<f16>, #l>
    %b = tkc.load %pb : tensor<64x256x!tkc.ptr<f16>, #l>
    %ad = tkc_gpu.convert_layout %a : tensor<16x64xf16, #l> -> tensor<16x64xf16, #a>
    %bd = tkc_gpu.convert_layout %b : tensor<64x256xf16, #l> -> tensor<64x256xf16, #b>
    %d = tkc.dot %ad, %bd, %c : tensor<16x64xf16, #a> * tensor<64x256xf16, #b> -> tensor<16x256xf32, #mma>
    return %d : tensor<16x256xf32, #mma>
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [1, 1]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // Rows of 4 fp16 elements (here 256 registers per thread) are not whole
  // 16-byte chunks: no tile holds them, and the conversion stays.
  // CHECK-LABEL: func.func @short_rows
  // CHECK-NOT: tkc_gpu.local_alloc
  // CHECK: tkc_gpu.convert_layout %arg0
  func.func @short_rows(%x: tensor<4096x4xf16, #l>, %bd: tensor<4x64xf16, #b>, %c: tensor<4096x64xf32, #mma>) -> tensor<4096x64xf32, #mma> {
    %ad = tkc_gpu.convert_layout %x : tensor<4096x4xf16, #l> -> tensor<4096x4xf16, #a>
    %d = tkc.dot %ad, %bd, %c : tensor<4096x4xf16, #a> * tensor<4x64xf16, #b> -> tensor<4096x64xf32, #mma>
    return %d : tensor<4096x64xf32, #mma>
  }
}
