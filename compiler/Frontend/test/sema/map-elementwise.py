# RUN: tkc compile %s --kernel piecewise --signature '*fp32:16, fp32, 64' --emit=ttir | FileCheck %s
# RUN: tkc compile %s --kernel packed --signature '*i32:16, 64' --emit=ttir | FileCheck %s --check-prefix=PACKED
# RUN: not tkc compile %s --kernel bad_pack --signature '*i32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=BADPACK
# RUN: not tkc compile %s --kernel odd_returns --signature '*i32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=ODD
# RUN: not tkc compile %s --kernel mixed_returns --signature '*i32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=MIXED
# tl.map_elementwise: the arguments broadcast to one shape (a scalar to the
# block), the @jit function inlined on scalars into the region, its `if`s
# kept as branches; with pack=N the region takes N scalars of each argument
# in turn and returns N of each result; one result, or a tuple when the
# function returns one.
import triton
import triton.language as tl


@triton.jit
def _selu(x, alpha):
    if x > 0:
        return x
    return alpha * (tl.exp(x) - 1)


# CHECK-LABEL: func.func @piecewise
# CHECK: %[[A:.*]] = tkc.splat %arg1 : tensor<64xf32>
# CHECK: tkc.map_elementwise(%{{.*}}, %[[A]]) pack = 1 : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32> {
# CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[AL:.*]]: f32):
# CHECK: scf.if
# CHECK: math.exp %[[X]] : f32
# CHECK: tkc.map_elementwise.return %{{.*}} : f32
@triton.jit
def piecewise(p, alpha, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    tl.store(p + tl.arange(0, BLOCK), tl.map_elementwise(_selu, x, alpha))


@triton.jit
def _swap_pairs(a0, a1, b0, b1):
    return b0, b1, a1, a0


# PACKED-LABEL: func.func @packed
# PACKED: %[[R:.*]]:2 = tkc.map_elementwise(%[[X:.*]], %[[Y:.*]]) pack = 2 : (tensor<64xi32>, tensor<64xi32>) -> (tensor<64xi32>, tensor<64xi32>) {
# PACKED-NEXT: ^bb0(%[[A0:.*]]: i32, %[[A1:.*]]: i32, %[[B0:.*]]: i32, %[[B1:.*]]: i32):
# PACKED-NEXT: tkc.map_elementwise.return %[[B0]], %[[B1]], %[[A1]], %[[A0]] : i32, i32, i32, i32
@triton.jit
def packed(p, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    y = tl.load(p + BLOCK + tl.arange(0, BLOCK))
    u, v = tl.map_elementwise(_swap_pairs, x, y, pack=2)
    tl.store(p + tl.arange(0, BLOCK), u + v)


@triton.jit
def _identity(x):
    return x


@triton.jit
def bad_pack(p, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    # BADPACK: map-elementwise.py:[[@LINE+1]]:9: error: tl.map_elementwise packs at least one element, got pack=0
    y = tl.map_elementwise(_identity, x, pack=0)
    tl.store(p + tl.arange(0, BLOCK), y)


@triton.jit
def _first(a0, a1):
    return a0


@triton.jit
def odd_returns(p, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    # ODD: map-elementwise.py:[[@LINE+1]]:9: error: tl.map_elementwise's function returns 1 values, not pack=2 for each result
    y = tl.map_elementwise(_first, x, pack=2)
    tl.store(p + tl.arange(0, BLOCK), y)


@triton.jit
def _mixed(a0, a1):
    return a0, a1.to(tl.float32)


@triton.jit
def mixed_returns(p, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    # MIXED: map-elementwise.py:[[@LINE+1]]:9: error: tl.map_elementwise's function returns fp32 and int32 for one result
    y = tl.map_elementwise(_mixed, x, pack=2)
    tl.store(p + tl.arange(0, BLOCK), y)
