# RUN: tkc compile %s --kernel indexing --signature '*fp32:16, *i32:16, 64, 16' --emit=ttir | FileCheck %s
# RUN: not tkc compile %s --kernel gather_shape --signature '*fp32:16, *i32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: not tkc compile %s --kernel histogram_floats --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=FLOATS
# tl.gather (also as a method, negative axes counted from the end) keeps the
# indices' shape; tl.histogram (also as a method) flattens its input and
# mask to 1-D and counts into a block of int32 bins.
import triton
import triton.language as tl


@triton.jit
def indexing(p, q, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(p + offs)
    i = tl.load(q + offs)
    # CHECK: tkc.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<64x16xf32>, tensor<64x16xi32>) -> tensor<64x16xf32>
    g = tl.gather(x, i % N, -1)
    # CHECK: tkc.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<64x16xf32>, tensor<64x16xi32>) -> tensor<64x16xf32>
    h = g.gather(i % M, 0)
    # CHECK: %[[FLAT:.*]] = tkc.reshape %{{.*}} : tensor<64x16xi32> -> tensor<1024xi32>
    # CHECK: %[[MASK:.*]] = tkc.reshape %{{.*}} : tensor<64x16xi1> -> tensor<1024xi1>
    # CHECK: tkc.histogram %[[FLAT]], %[[MASK]] : tensor<1024xi32>, tensor<1024xi1> -> tensor<32xi32>
    counts = i.histogram(32, mask=i > 0)
    tl.store(p + offs, h)
    tl.store(q + tl.arange(0, 32), counts)


@triton.jit
def gather_shape(p, q):
    x = tl.load(p + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    i = tl.load(q + tl.arange(0, 8)[:, None] * 8 + tl.arange(0, 8)[None, :])
    # SHAPE: indexing.py:[[@LINE+1]]:9: error: tl.gather needs indices shaped as the block but along the axis, got block<8x8 x int32> for block<16x16 x fp32>
    g = tl.gather(x, i, 0)


@triton.jit
def histogram_floats(p):
    x = tl.load(p + tl.arange(0, 16))
    # FLOATS: indexing.py:[[@LINE+1]]:9: error: tl.histogram needs a block of integers, got block<16 x fp32>
    h = tl.histogram(x, 8)
