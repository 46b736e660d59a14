# RUN: tkc compile %s --kernel unsplat --signature '*fp32:16, *i32:16' --emit=ttir | FileCheck %s
# RUN: not tkc compile %s --kernel item_of_many --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=MANY
# RUN: not tkc compile %s --kernel if_on_many --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=IF-MANY
# RUN: tkc compile %s --kernel none_slices --signature '64' --emit=ttir | FileCheck %s --check-prefix=SLICES
# A block of one element as a scalar, as Triton's unsplat: tl.item (also as
# a method), a reshape to (), and an `if` on such a block (Triton warns and
# takes its element). Each is a one-element reduction to a scalar.
import triton
import triton.language as tl


@triton.jit
def unsplat(p, q):
    # CHECK-LABEL: func.func @unsplat
    # CHECK: %[[ONE:.*]] = tkc.load %{{.*}} : tensor<1x!tkc.ptr<f32>>
    one = tl.load(p + tl.arange(0, 1))
    # CHECK: tkc.reduce(%[[ONE]], %{{.*}}) axis = 0 : (tensor<1xf32>, tensor<1xi32>) -> (f32, i32)
    x = one.item()
    y = tl.item(one * 2.0)
    # A block of 1x1 is flattened first.
    # CHECK: tkc.reshape %{{.*}} : tensor<1x1xf32> -> tensor<1xf32>
    z = tl.reshape(one[:, None], ())
    tl.static_assert(z.shape == [])
    # CHECK: %[[FLAG:.*]]:2 = tkc.reduce(%{{.*}}, %{{.*}}) axis = 0 : (tensor<1xi1>, tensor<1xi32>) -> (i1, i32)
    # CHECK: scf.if %[[FLAG]]#0 {
    if one > 42.0:
        tl.store(q, 1)
    tl.store(p, x + y + z)


@triton.jit
def item_of_many(p):
    two = tl.load(p + tl.arange(0, 2))
    # MANY: unsplat.py:[[@LINE+1]]:9: error: only a block of one element has a single value, got block<2 x fp32>
    x = two.item()


@triton.jit
def if_on_many(p):
    two = tl.load(p + tl.arange(0, 2))
    # IF-MANY: unsplat.py:[[@LINE+1]]:8: error: an 'if' condition must be a scalar, got block<2 x int1>
    if two > 0.0:
        tl.store(p, 1.0)


# Slices that keep a dimension may spell their bounds and step None.
@triton.jit
def none_slices(XBLOCK: tl.constexpr):
    # SLICES-LABEL: func.func @none_slices
    data = tl.arange(0, XBLOCK)
    tl.static_assert(data[None, None:].shape == [1, XBLOCK])
    tl.static_assert(data[None, :None].shape == [1, XBLOCK])
    tl.static_assert(data[None, None:None:None, None].shape == [1, XBLOCK, 1])
    tl.static_assert(data[None, ::None, None].shape == [1, XBLOCK, 1])
    scalar = tl.full([], 1, tl.int32)
    tl.static_assert(scalar[None, None].shape == [1, 1])
