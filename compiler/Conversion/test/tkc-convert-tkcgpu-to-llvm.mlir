// RUN: tkc-opt %s --tkc-convert-tkcgpu-to-llvm="target=cuda:90a" | FileCheck %s

// A laid-out tensor becomes a struct of the thread's registers. Contiguous,
// aligned accesses with a mask that is constant over 4 elements become
// predicated 16-byte PTX loads and stores. Masked-off elements load as zero,
// so an `other` of 0.0 costs nothing; another `other` initializes the
// registers the predicated load writes (no selects). A kernel gets NVVM's
// kernel attributes.

// CHECK: llvm.mlir.global external @tkc_shared_memory() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @kernel(%{{.*}}: !llvm.ptr<1>, %{{.*}}: i32) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>}
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// The 7 thread bits (lanes, then warps) set elements 4, 8, ..., 256 of the
// blocked layout: one shift and mask of the thread index, then << 2.
// CHECK: %[[M:.*]] = llvm.mlir.constant(127 : i32)
// CHECK: %[[S:.*]] = llvm.lshr %[[TID]], %{{.*}}
// CHECK: %[[F:.*]] = llvm.and %[[S]], %[[M]]
// CHECK: llvm.shl %[[F]], %{{.*}}
// CHECK: %[[V:.*]] = llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"
// CHECK-NOT: llvm.select
// CHECK: llvm.fmul
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"

// CHECK-LABEL: llvm.func @load_other
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"
// CHECK-NOT: llvm.select
// CHECK: st.global.v4.b32

// A conversion that moves elements between threads goes through shared
// memory, fenced by barriers; a function returning a value is no kernel.
// CHECK-LABEL: llvm.func @transpose
// CHECK-NOT: nvvm.kernel
// CHECK: llvm.mlir.addressof @tkc_shared_memory : !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.load %{{.*}} : !llvm.ptr<3> -> f32

#a = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#t = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#u = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32, tkc_gpu.shared = 16384 : i32} {
  func.func @kernel(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}) {
    %pid = tkc.program_id 0
    %r = tkc.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #a>
    %s = tkc.splat %p : tensor<512x!tkc.ptr<f32>, #a>
    %ptrs = tkc.addptr %s, %r : tensor<512x!tkc.ptr<f32>, #a>, tensor<512xi32, #a>
    %ns = tkc.splat %n : tensor<512xi32, #a>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #a>
    %zero = arith.constant dense<0.0> : tensor<512xf32, #a>
    %v = tkc.load %ptrs, %m, %zero : tensor<512x!tkc.ptr<f32>, #a>
    %w = arith.mulf %v, %v : tensor<512xf32, #a>
    tkc.store %ptrs, %w, %m : tensor<512x!tkc.ptr<f32>, #a>
    return
  }
  func.func @load_other(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #a>
    %s = tkc.splat %p : tensor<512x!tkc.ptr<f32>, #a>
    %ptrs = tkc.addptr %s, %r : tensor<512x!tkc.ptr<f32>, #a>, tensor<512xi32, #a>
    %ns = tkc.splat %n : tensor<512xi32, #a>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #a>
    %one = arith.constant dense<1.0> : tensor<512xf32, #a>
    %v = tkc.load %ptrs, %m, %one : tensor<512x!tkc.ptr<f32>, #a>
    tkc.store %ptrs, %v, %m : tensor<512x!tkc.ptr<f32>, #a>
    return
  }
  func.func @transpose(%x: tensor<64x64xf32, #t>) -> tensor<64x64xf32, #u> {
    %c = tkc_gpu.convert_layout %x : tensor<64x64xf32, #t> -> tensor<64x64xf32, #u>
    return %c : tensor<64x64xf32, #u>
  }
}
