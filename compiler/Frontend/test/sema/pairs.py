# RUN: tkc compile %s --kernel pairs --signature '*fp32:16, *fp32:16, 64' --emit=ttir | FileCheck %s
# RUN: not tkc compile %s --kernel split_odd --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=ODD
# RUN: not tkc compile %s --kernel join_types --signature '*fp32:16, *fp16:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=TYPES
# tl.join, tl.split (also as a method) and tl.interleave: pairs along a new
# last dimension of 2. join broadcasts its operands to one shape; interleave
# is a join whose last two dimensions merge; a join of scalars is a block of
# two.
import triton
import triton.language as tl


@triton.jit
def pairs(p, q, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + offs)
    # CHECK: %[[J:.*]] = tkc.join %{{.*}}, %{{.*}} : tensor<64xf32> -> tensor<64x2xf32>
    j = tl.join(x, 1.0)
    # CHECK: tkc.split %[[J]] : tensor<64x2xf32> -> tensor<64xf32>
    a, b = tl.split(j)
    # CHECK: %[[K:.*]] = tkc.join %{{.*}}, %{{.*}} : tensor<64xf32> -> tensor<64x2xf32>
    # CHECK: tkc.split %[[K]] : tensor<64x2xf32> -> tensor<64xf32>
    c, d = tl.join(x, x * 2.0).split()
    # CHECK: tkc.join %{{.*}}, %{{.*}} : tensor<64xf32> -> tensor<64x2xf32>
    # CHECK: tkc.reshape %{{.*}} : tensor<64x2xf32> -> tensor<128xf32>
    z = tl.interleave(a + c, b + d)
    # CHECK: tkc.join %{{.*}}, %{{.*}} : tensor<1xf32> -> tensor<1x2xf32>
    # CHECK: tkc.reshape %{{.*}} : tensor<1x2xf32> -> tensor<2xf32>
    s = tl.join(1.0, 2.0)
    tl.store(q + tl.arange(0, 2 * BLOCK), z)
    tl.store(q + tl.arange(0, 2), s)


@triton.jit
def split_odd(p, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    # ODD: pairs.py:[[@LINE+1]]:{{[0-9]+}}: error: tl.split needs a block whose last dimension is 2, got block<64 x fp32>
    a, b = tl.split(x)


@triton.jit
def join_types(p, q, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    y = tl.load(q + tl.arange(0, BLOCK))
    # TYPES: pairs.py:[[@LINE+1]]:{{[0-9]+}}: error: tl.join needs blocks of one type, got block<64 x fp32> and block<64 x fp16>
    tl.join(x, y)
