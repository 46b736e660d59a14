// RUN: tkc-opt --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" %s | FileCheck %s --check-prefix=H90
// RUN: tkc-opt --tkc-convert-tkc-gpu-to-llvm="target=cuda:80" %s | FileCheck %s --check-prefix=A80
// A float addition to 4 consecutive f32 per thread (tkc_gpu.vector_width
// 4) is one atom.add.v4.f32 per thread on sm_90, under the vector's one
// predicate, its old values taken from the result; sm_80 adds them one at a
// time. 4 consecutive f16 (bf16) are one atom.add.noftz.v4.f16 (.bf16) on
// their bits: applied-ai's split-K GPTQ adds its 16x32 tiles so, one
// release each thread instead of four. An integer addition stays one atom
// per element.

#b = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // H90-LABEL: llvm.func @add_f32
  // H90: llvm.cond_br
  // H90: llvm.inline_asm has_side_effects "atom.acq_rel.gpu.global.add.v4.f32 {$0, $1, $2, $3}, [ $4 + 0 ], {$5, $6, $7, $8};", "=f,=f,=f,=f,l,f,f,f,f"
  // H90-NOT: atom.
  // H90-LABEL: llvm.func @add_f16
  // H90: llvm.inline_asm has_side_effects "atom.release.gpu.global.add.noftz.v4.f16 {$0, $1, $2, $3}, [ $4 + 0 ], {$5, $6, $7, $8};", "=h,=h,=h,=h,l,h,h,h,h"
  // H90-NOT: atom.
  // H90-LABEL: llvm.func @add_bf16
  // H90: "atom.relaxed.gpu.global.add.noftz.v4.bf16 {$0, $1, $2, $3}, [ $4 + 0 ], {$5, $6, $7, $8};"
  // H90-NOT: atom.
  // H90-LABEL: llvm.func @add_i32
  // H90-COUNT-4: "atom.acq_rel.gpu.global.add.u32 $0, [ $1 + 0 ], $2;"
  // A80-LABEL: llvm.func @add_f32
  // A80-COUNT-4: "atom.acq_rel.gpu.global.add.f32 $0, [ $1 + 0 ], $2;"
  // A80-NOT: v4
  // A80-LABEL: llvm.func @add_f16
  // A80-COUNT-4: "atom.release.gpu.global.add.noftz.f16 $0, [ $1 + 0 ], $2;"
  func.func @add_f32(%p: tensor<512x!tkc.ptr<f32>, #b>, %v: tensor<512xf32, #b>, %m: tensor<512xi1, #b>) -> tensor<512xf32, #b> {
    %old = tkc.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m {tkc_gpu.vector_width = 4 : i32} : tensor<512x!tkc.ptr<f32>, #b>
    return %old : tensor<512xf32, #b>
  }
  func.func @add_f16(%p: tensor<512x!tkc.ptr<f16>, #b>, %v: tensor<512xf16, #b>) {
    %old = tkc.atomic_rmw fadd, release, gpu, %p, %v {tkc_gpu.vector_width = 4 : i32} : tensor<512x!tkc.ptr<f16>, #b>
    return
  }
  func.func @add_bf16(%p: tensor<512x!tkc.ptr<bf16>, #b>, %v: tensor<512xbf16, #b>) {
    %old = tkc.atomic_rmw fadd, relaxed, gpu, %p, %v {tkc_gpu.vector_width = 4 : i32} : tensor<512x!tkc.ptr<bf16>, #b>
    return
  }
  func.func @add_i32(%p: tensor<512x!tkc.ptr<i32>, #b>, %v: tensor<512xi32, #b>) {
    %old = tkc.atomic_rmw add, acq_rel, gpu, %p, %v {tkc_gpu.vector_width = 4 : i32} : tensor<512x!tkc.ptr<i32>, #b>
    return
  }
}
