# RUN: tkc compile %s --kernel split_pair --signature '*i32:16, *i32:16' --emit=ttir | FileCheck %s --check-prefix=SPLIT
# RUN: tkc compile %s --kernel reduce_or_rows --signature '*i32:16, *i32:16, 8, 32' --emit=ttir | FileCheck %s --check-prefix=OR
# RUN: tkc compile %s --kernel int_methods --signature '*i32:16, 64' --emit=ttir | FileCheck %s --check-prefix=BITS
# RUN: tkc compile %s --kernel first_of_pair --signature '*fp32:16, *fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=UNPACK
# RUN: not tkc compile %s --kernel too_few --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=FEW
# RUN: tkc compile %s --kernel bool_count --signature '*i32:16, *u32:16, 64' --emit=ttir | FileCheck %s --check-prefix=COUNT
# Constructs of kernel libraries (vLLM, SGLang, FlagGems) that Triton's JIT
# accepts: tl.split of a block of 2 into two scalars (a pair loaded for a
# program), tl.reduce_or, int.bit_length() on compile-time ints, a tuple
# unpacked into fewer targets (Triton assigns the first values), and the
# sum of booleans as uint32 (Triton's int1 is unsigned).
import triton
import triton.language as tl

_PAGE_SIZE = tl.constexpr(128)
_PAGE_SHIFT = tl.constexpr(_PAGE_SIZE.value.bit_length() - 1)


# SPLIT-LABEL: func.func @split_pair
# SPLIT: %[[PAIR:.*]] = tkc.load %{{.*}} : tensor<2x!tkc.ptr<i32>>
# SPLIT: tkc.reduce(%[[PAIR]], %{{.*}}) axis = 0 : (tensor<2xi32>, tensor<2xi32>) -> (i32, i32)
# SPLIT: tkc.reduce(%[[PAIR]], %{{.*}}) axis = 0 : (tensor<2xi32>, tensor<2xi32>) -> (i32, i32)
@triton.jit
def split_pair(p, q):
    pair = tl.load(p + tl.arange(0, 2))
    first, second = tl.split(pair)
    tl.store(q, first - second)


# OR-LABEL: func.func @reduce_or_rows
# OR: tkc.reduce(%{{.*}}) axis = 1 : (tensor<8x32xi32>) -> tensor<8xi32>
# OR: arith.ori %{{.*}}, %{{.*}} : i32
@triton.jit
def reduce_or_rows(p, q, R: tl.constexpr, C: tl.constexpr):
    x = tl.load(p + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :])
    tl.store(q + tl.arange(0, R), tl.reduce_or(x, axis=1))


# 128.bit_length() - 1 = 7; 64.bit_length() = 7; (-5).bit_length() = 3.
# BITS-LABEL: func.func @int_methods
# BITS: arith.constant 17 : i32
@triton.jit
def int_methods(p, BLOCK: tl.constexpr):
    bits: tl.constexpr = _PAGE_SHIFT + BLOCK.bit_length() + (-5).bit_length()
    tl.store(p, bits)


# UNPACK-LABEL: func.func @first_of_pair
# UNPACK: tkc.reduce
# UNPACK: tkc.store
@triton.jit
def first_of_pair(p, q, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    top, = tl.max(x, 0, return_indices=True)
    tl.store(q, top)


# FEW: library-compat.py:[[@LINE+4]]:5: error: cannot unpack 1 values into 2 targets
@triton.jit
def too_few(p, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    a, b = (tl.sum(x, 0),)
    tl.store(p, a + b)


# COUNT-LABEL: func.func @bool_count
# COUNT: %[[N:.*]] = tkc.reduce
# COUNT-SAME: -> i32
# COUNT: tkc.store %arg1, %[[N]] : !tkc.ptr<i32>
@triton.jit
def bool_count(p, q, BLOCK: tl.constexpr):
    n = tl.sum(tl.load(p + tl.arange(0, BLOCK)) > 0)
    tl.static_assert(n.dtype == tl.uint32)
    tl.store(q, n)
