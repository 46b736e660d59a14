# RUN: tkc compile %s --kernel promoted --signature '*fp16:16, *bf16:16, *i8:16, *fp32:16, 64' --emit=ttir | FileCheck %s
# RUN: tkc compile %s --kernel branch_numbers --signature '*fp32:16, i32, 64' --emit=ttir | FileCheck %s --check-prefix=BRANCH
# RUN: tkc compile %s --kernel bool_offset --signature '*fp32:16, *fp32:16, i32' --emit=ttir | FileCheck %s --check-prefix=BOOLOFF
# RUN: tkc compile %s --kernel held_numbers --signature '*fp16:16, *i8:16, 64' --emit=ttir | FileCheck %s --check-prefix=HELD
# Where Triton's builtins take a number through to_tensor (an int32 or
# float32 value, float64 beyond float32's range), it takes part in the type
# promotion like any value: comparisons, tl.maximum/minimum (which also
# widen bfloat16 to float32), tl.clamp and tl.fma. Arithmetic operators keep
# the block's type instead (`h * 2.0` is fp16). A variable given different
# numbers in the branches of a runtime `if` is a value in each, as Triton's
# assignments make numbers scalar tensors; a number assigned to a name (not
# annotated tl.constexpr) or returned by a @jit function promotes as such a
# value too; a boolean pointer offset counts 0 or 1.
import triton
import triton.language as tl


# CHECK-LABEL: func.func @promoted
@triton.jit
def promoted(ph, pb, pi8, pf, BLOCK: tl.constexpr):
    h = tl.load(ph + tl.arange(0, BLOCK))
    b = tl.load(pb + tl.arange(0, BLOCK))
    i8 = tl.load(pi8 + tl.arange(0, BLOCK))
    # CHECK: %[[HF:.*]] = arith.extf %{{.*}} : tensor<64xf16> to tensor<64xf32>
    # CHECK: arith.cmpf ogt, %[[HF]], %{{.*}} : tensor<64xf32>
    gt = h > 0.3
    # CHECK: %[[I32:.*]] = arith.extsi %{{.*}} : tensor<64xi8> to tensor<64xi32>
    # CHECK: arith.cmpi sgt, %[[I32]], %{{.*}} : tensor<64xi32>
    big = i8 > 1000
    # CHECK: arith.cmpf oeq, %{{.*}}, %{{.*}} : tensor<64xf16>
    one = h == 1
    # CHECK: arith.maxnumf %{{.*}}, %{{.*}} : tensor<64xf32>
    relu = tl.maximum(h, 0.0)
    # CHECK: arith.minnumf %{{.*}}, %{{.*}} : tensor<64xf32>
    bmin = tl.minimum(b, b)
    # CHECK: arith.maxsi %{{.*}}, %{{.*}} : tensor<64xi32>
    imax = max(i8, 1)
    # CHECK: arith.maxnumf %{{.*}}, %{{.*}} : tensor<64xf32>
    # CHECK: arith.minnumf %{{.*}}, %{{.*}} : tensor<64xf32>
    clamped = tl.clamp(h, 0.5, 1.0)
    # CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} : tensor<64xf32>
    fused = tl.fma(h, h, 1.0)
    # CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<64xf16>
    scaled = h * 2.0
    # CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : tensor<64xf64>
    tiny = h.to(tl.float32) < 1e-300
    tl.store(pf + tl.arange(0, BLOCK),
             gt.to(tl.float32) + big.to(tl.float32) + one.to(tl.float32) +
             relu + bmin + imax.to(tl.float32) + clamped + fused +
             scaled.to(tl.float32) + tiny.to(tl.float32))


# The if's two values, folded to a select.
# BRANCH-LABEL: func.func @branch_numbers
# BRANCH: %[[U:.*]] = arith.select %{{.*}}, %c2_i32, %c4_i32 : i32
# BRANCH: arith.muli %{{.*}}, %[[U]] : i32
@triton.jit
def branch_numbers(p, flag, BLOCK: tl.constexpr):
    if flag:
        UNROLL = 2
    else:
        UNROLL = 4
    start = tl.program_id(0) * BLOCK * UNROLL
    tl.store(p + start + tl.arange(0, BLOCK), 1.0)


# BOOLOFF-LABEL: func.func @bool_offset
# BOOLOFF: %[[F:.*]] = arith.cmpi sgt
# BOOLOFF: %[[W:.*]] = arith.extui %[[F]] : i1 to i32
# BOOLOFF: tkc.addptr %{{.*}}, %[[W]] : !tkc.ptr<f32>, i32
@triton.jit
def bool_offset(p, q, flag):
    tl.store(q, tl.load(p + (flag > 0)))


@triton.jit
def _half():
    return 0.5


# HELD-LABEL: func.func @held_numbers
# HELD: %[[H:.*]] = arith.extf %{{.*}} : tensor<64xf16> to tensor<64xf32>
# HELD: arith.mulf %[[H]], %{{.*}} : tensor<64xf32>
# HELD: arith.mulf %{{.*}}, %{{.*}} : tensor<64xf16>
# HELD: %[[I:.*]] = arith.extsi %{{.*}} : tensor<64xi8> to tensor<64xi32>
# HELD: arith.addi %[[I]], %{{.*}} : tensor<64xi32>
# HELD: arith.mulf %{{.*}}, %{{.*}} : tensor<64xf32>
@triton.jit
def held_numbers(ph, pi, BLOCK: tl.constexpr):
    h = tl.load(ph + tl.arange(0, BLOCK))
    scale = 2.0
    KEEP: tl.constexpr = 3.0
    n = 3
    a = h * scale
    b = h * KEEP
    c = tl.load(pi + tl.arange(0, BLOCK)) + n
    d = h * _half()
    tl.static_assert(a.dtype == tl.float32)
    tl.static_assert(b.dtype == tl.float16)
    tl.static_assert(c.dtype == tl.int32)
    tl.static_assert(d.dtype == tl.float32)
    tl.store(ph + tl.arange(0, BLOCK), a + b + c + d)
