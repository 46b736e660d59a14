// RUN: sed -e 's/WAVE/32/g' -e 's/WARPS/4/g' %s | tkc-opt --tkc-llvm="target=cuda:90a" | FileCheck %s --check-prefixes=CHECK,CUDA --implicit-check-not=scf. --implicit-check-not=cf. --implicit-check-not=unrealized_conversion_cast
// RUN: sed -e 's/WAVE/64/g' -e 's/WARPS/2/g' %s | tkc-opt --tkc-llvm="target=hip:gfx942" | FileCheck %s --check-prefixes=CHECK,HIP --implicit-check-not=scf. --implicit-check-not=cf. --implicit-check-not=unrealized_conversion_cast
// The LLVM pipeline on a loop that accumulates a masked load, then a sum
// across warps, for 128 threads (4 warps of 32 lanes on cuda:90a, 2
// wavefronts of 64 on hip:gfx942; sed fills in WAVE and WARPS): shared
// memory is sized for the reduction's warp partials, the loop becomes
// branches, everything is in the LLVM dialect and the target's own, with no
// casts left, and canonicalization and CSE leave one read of the thread id.

// CUDA: module attributes {{{.*}}tkc_gpu.shared = 16 : i32
// HIP: module attributes {{{.*}}tkc_gpu.shared = 8 : i32
// CHECK: llvm.mlir.global external @tkc_shared_memory() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CUDA-LABEL: llvm.func @sum({{.*}}) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>}
// HIP-LABEL: llvm.func @sum({{.*}}) attributes {rocdl.flat_work_group_size = "128,128", rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 128, 1, 1>}
// CUDA: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// HIP: %[[TID:.*]] = rocdl.workitem.id.x
// CUDA-NOT: nvvm.read.ptx.sreg.tid.x
// HIP-NOT: rocdl.workitem.id.x
// CHECK: llvm.br ^[[HEADER:bb[0-9]+]](
// CHECK: ^[[HEADER]](%[[I:.*]]: i32, %{{.*}}: !llvm.struct<(f32, f32, f32, f32)>):
// CHECK: llvm.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// CHECK: ^[[BODY]]:
// CHECK: llvm.br ^[[HEADER]](
// CHECK: ^[[EXIT]]:
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CUDA: nvvm.barrier0
// HIP: rocdl.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: llvm.return

#l = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  func.func @sum(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %out: !tkc.ptr<f32>, %n: i32 {tkc.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c512 = arith.constant 512 : i32
    %zero = arith.constant dense<0.0> : tensor<512xf32, #l>
    %r = tkc.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #l>
    %ps = tkc.splat %p : tensor<512x!tkc.ptr<f32>, #l>
    %ns = tkc.splat %n : tensor<512xi32, #l>
    %acc = scf.for %i = %c0 to %n step %c512 iter_args(%a = %zero) -> (tensor<512xf32, #l>) : i32 {
      %is = tkc.splat %i : tensor<512xi32, #l>
      %offs = arith.addi %r, %is : tensor<512xi32, #l>
      %ptrs = tkc.addptr %ps, %offs : tensor<512x!tkc.ptr<f32>, #l>, tensor<512xi32, #l>
      %mask = arith.cmpi slt, %offs, %ns : tensor<512xi32, #l>
      %v = tkc.load %ptrs, %mask, %zero : tensor<512x!tkc.ptr<f32>, #l>
      %next = arith.addf %a, %v : tensor<512xf32, #l>
      scf.yield %next : tensor<512xf32, #l>
    }
    %s = "tkc.reduce"(%acc) ({
    ^bb0(%x: f32, %y: f32):
      %t = arith.addf %x, %y : f32
      tkc.reduce.return %t : f32
    }) {axis = 0 : i32} : (tensor<512xf32, #l>) -> f32
    tkc.store %out, %s : !tkc.ptr<f32>
    return
  }
}
