# RUN: tkc compile %s --kernel copy --signature 'tensordesc<fp16[32, 64]>, tensordesc<fp16[32, 64], nan>, i32' --emit=ttir | FileCheck %s
# RUN: not tkc compile %s --kernel copy --signature '*fp16, tensordesc<fp16[32, 64]>, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=POINTER
# RUN: tkc compile %s --kernel choose --signature 'tensordesc<fp16[32, 64]>, tensordesc<fp16[32, 64]>, i32, i1' --emit=ttir | FileCheck %s --check-prefix=MERGE
# A tensor descriptor parameter (`tensordesc<DTYPE[BLOCK]>`, as Triton
# spells its type) is passed as its base (16-byte aligned), its shape (i32
# each) and its strides but the last (i64 each, multiples of 16 bytes as
# Triton requires: the C API checks it and the axis analysis is told; the
# last is 1), named
# NAME_base, NAME_shape<d>, NAME_stride<d> in the kernel's parameters; its
# loads and stores are masked at the shape. A load also names the descriptor
# and the block's coordinates (its `box`), through which targets with tensor
# copies may load it instead.
import triton
import triton.language as tl


@triton.jit
def copy(src, dst, m):
    # CHECK: func.func @copy(%arg0: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %arg1: i32, %arg2: i32, %arg3: i64 {tkc.divisibility = 8 : i32}, %arg4: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %arg5: i32, %arg6: i32, %arg7: i64 {tkc.divisibility = 8 : i32}, %arg8: i32)
    # CHECK-SAME: name = "src_base"
    # CHECK-SAME: name = "src_shape0"
    # CHECK-SAME: name = "src_shape1"
    # CHECK-SAME: {divisibility = 8 : i32, dtype = "i64", kind = "scalar", name = "src_stride0"}
    # CHECK-SAME: name = "dst_base"
    # CHECK: tkc.load %{{.*}}, %{{.*}}, %{{.*}} box "src"[%arg8, %{{.*}}] : tensor<32x64x!tkc.ptr<f16>>
    # CHECK: tkc.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!tkc.ptr<f16>>
    block = src.load([m, 0])
# POINTER: descriptor-params.py:[[@LINE-1]]:17: error: pointers have no method 'load'; for a tensor descriptor parameter, give it a signature entry such as 'tensordesc<fp16[64, 64]>' (its block shape)
    dst.store([m, 0], block.to(dst.dtype))


@triton.jit
def choose(a, b, m, flip):
    # A descriptor that may be either of two names neither: its loads are
    # the masked accesses alone.
    d = a
    if flip:
        d = b
    # MERGE-LABEL: func.func @choose
    # MERGE: tkc.load %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} : tensor<32x64x!tkc.ptr<f16>>
    block = d.load([m, 0])
    a.store([m, 0], block)

