# RUN: tkc compile %s --kernel gather_rows --signature '(*fp32:16, *fp32:16, 2), (i64, i64:1), *fp32:16, 64' --emit=ttir | FileCheck %s
# RUN: tkc compile %s --kernel fill --signature '*i32:16, (64, 3)' --emit=ttir | FileCheck %s --check-prefix=CONSTEXPR
# RUN: not tkc compile %s --kernel gather_rows --signature '(*fp32:16,), (i64, i64:1), *fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=SHORT
# A tuple parameter (Triton 3.3's tuple arguments: a tuple of tensors, or
# `x.stride()`) takes a parenthesized list of entries, one per element: its
# runtime elements become arguments named NAME_<i>, its literals and `:1`
# integers are folded, and a tl.constexpr tuple is all literals.
import triton
import triton.language as tl


@triton.jit
def gather_rows(srcs, strides, out, N: tl.constexpr):
    # CHECK: func.func @gather_rows(%arg0: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %arg1: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %arg2: i64, %arg3: !tkc.ptr<f32> {tkc.divisibility = 16 : i32})
    # CHECK-SAME: name = "srcs_0"
    # CHECK-SAME: name = "srcs_1"
    # CHECK-SAME: kind = "constexpr", name = "srcs_2", value = "2"
    # CHECK-SAME: name = "strides_0"
    # CHECK-SAME: equal_to_1 = true, kind = "scalar", name = "strides_1"
    r = tl.arange(0, N)
    acc = tl.zeros([N], tl.float32)
    for i in tl.static_range(srcs[2]):
# SHORT: tuple-params.py:[[@LINE-1]]:30: error: tuple index 2 is out of range for 1 elements
        # The unit stride folds: the offsets are r itself.
        # CHECK-COUNT-2: tkc.addptr %{{.*}}, %{{.*}} : tensor<64x!tkc.ptr<f32>>, tensor<64xi32>
        acc += tl.load(srcs[i] + r * strides[1])
    tl.store(out + r * strides[0], acc)


@triton.jit
def fill(out, SHAPE: tl.constexpr):
    # CONSTEXPR: %[[R:.*]] = tkc.make_range {end = 64 : i32, start = 0 : i32}
    # CONSTEXPR: arith.muli %[[R]], %{{.*}} : tensor<64xi32>
    r = tl.arange(0, SHAPE[0])
    tl.store(out + r, r * SHAPE[1])
