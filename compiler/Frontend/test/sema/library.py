# RUN: tkc compile %s --kernel sort_flip --signature '*fp32:16, *fp32:16, 8, 16' --emit=ttir | FileCheck %s
# RUN: tkc compile %s --kernel random --signature '*fp32:16, *i32:16, i32, 128' --emit=ttir | FileCheck %s --check-prefix=RAND
# RUN: tkc compile %s --kernel swizzle --signature '*i32:16, i32, i32, 4' --emit=ttir | FileCheck %s --check-prefix=SWZ
# RUN: not tkc compile %s --kernel sort_dim0 --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=DIM
# RUN: tkc compile %s --kernel rand64 --signature '*fp32:16, i32' --emit=ttir | FileCheck %s --check-prefix=WIDE
# RUN: tkc compile %s --kernel rand64 --signature '*fp32:16, i32' --target sm_90a --emit=llir | FileCheck %s --check-prefix=WIDELL
# RUN: not tkc compile %s --kernel rand16 --signature '*fp32:16, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=NARROW
# RUN: tkc compile %s --kernel top4 --signature '*fp32:16, *fp32:16' --emit=ttir | FileCheck %s --check-prefix=TOPK
# RUN: tkc compile %s --kernel merge --signature '*fp32:16, *fp32:16' --emit=ttir | FileCheck %s --check-prefix=MERGE
# RUN: tkc compile %s --kernel mx --signature '*bf16:16, *u8:16, *u8:16, *fp32:16' --emit=ttir | FileCheck %s --check-prefix=MX
# RUN: not tkc compile %s --kernel mx_format --signature '*bf16:16, *fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=MXFMT
# RUN: tkc compile %s --kernel sort_bools --signature '*fp32:16, *i32:16' --emit=ttir | FileCheck %s --check-prefix=BOOLS
# The functions of tkc's Triton-language library (compiler/Frontend/
# Library.cpp), inlined like @jit helpers with their locations in
# <tkc>/triton_language.py: tl.sort (also as a method) is a bitonic network of
# xor reductions over pairs, tl.flip one xor reduction per bit of the flipped
# dimension, the Philox numbers integer arithmetic (umulhi as a widened
# multiply), swizzle2d plain index arithmetic. Misuse is reported at the
# library's static_assert, with its message, and the user's call noted.
import triton
import triton.language as tl


@triton.jit
def sort_flip(p, q, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(p + offs)
    # 16 = 2**4 columns: 4 * 5 / 2 = 10 compare-and-swap steps, each one
    # xor reduction over the pairs of a 3-D view.
    # CHECK-COUNT-10: tkc.reduce(%{{.*}}) axis = 1 : (tensor<{{[0-9]+}}x2x{{[0-9]+}}xi32>)
    y = tl.sort(x)
    # Flipping the 8 rows: three xor reductions.
    # CHECK-COUNT-3: tkc.reduce(%{{.*}}) axis = 1 : (tensor<{{[0-9]+}}x2x{{[0-9]+}}xi32>)
    # CHECK-NOT: tkc.reduce(
    z = y.flip(0)
    tl.store(q + offs, z)


@triton.jit
def random(p, q, seed, N: tl.constexpr):
    offs = tl.arange(0, N)
    # RAND: arith.extui %{{.*}} : tensor<128xi32> to tensor<128xi64>
    # RAND: arith.muli %{{.*}} : tensor<128xi64>
    # RAND: arith.shrui %{{.*}} : tensor<128xi64>
    # RAND: arith.trunci %{{.*}} : tensor<128xi64> to tensor<128xi32>
    # RAND: arith.sitofp %{{.*}} : tensor<128xi32> to tensor<128xf32>
    tl.store(p + offs, tl.rand(seed, offs))
    tl.store(q + offs, tl.randint(seed, offs))


@triton.jit
def swizzle(p, m, n, G: tl.constexpr):
    # SWZ: arith.minsi
    i, j = tl.swizzle2d(tl.program_id(0), tl.program_id(1), m, n, G)
    tl.store(p + i * n + j, i)


@triton.jit
def sort_dim0(p):
    x = tl.load(p + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    # DIM: triton_language.py:{{[0-9]+}}:5: error: static assertion failed: tl.sort sorts along the last dimension only
    # DIM: library.py:[[@LINE+1]]:9: note: in this call of tl.sort, which tkc's library implements
    y = tl.sort(x, 0)


@triton.jit
def rand64(p, seed):
    offs = tl.arange(0, 16).to(tl.int64)
    # 64-bit offsets: Philox-4x64, its high halves from 128-bit products, the
    # key's first word the seed, and a float from all 64 bits.
    # WIDE: arith.muli %{{.*}} : tensor<16xi128>
    # WIDE: arith.shrui %{{.*}} : tensor<16xi128>
    # WIDE: arith.trunci %{{.*}} : tensor<16xi128> to tensor<16xi64>
    # WIDE: arith.sitofp %{{.*}} : tensor<16xi64> to tensor<16xf32>
    # The 128-bit constants reach code generation (the axis analysis once
    # asserted on them).
    # WIDELL: mul {{.*}}i128
    tl.store(p + tl.arange(0, 16), tl.rand(seed, offs))


@triton.jit
def rand16(p, seed):
    offs = tl.arange(0, 16).to(tl.int16)
    # NARROW: error: static assertion failed: tl.philox takes 32- or 64-bit counters
    # NARROW: library.py:[[@LINE+1]]:18: note: in this call of tl.philox, which tkc's library implements
    a, b, c, d = tl.philox(seed, offs, offs, offs, offs)
    tl.store(p + tl.arange(0, 16), a.to(tl.float32))


# tl.topk: blocks of k sorted (here 4 blocks of 4), then two rounds that
# keep the larger (maxnum) of each element and its mirror in the
# neighbouring block, whose halves xor reductions pick, and sort again; the
# result has k elements.
@triton.jit
def top4(p, q):
    x = tl.load(p + tl.arange(0, 16))
    tl.store(q + tl.arange(0, 4), tl.topk(x, 4))
# TOPK-LABEL: func.func @top4
# TOPK: tkc.reshape %{{.*}} : tensor<16xf32> -> tensor<8x2x1xf32>
# TOPK: arith.maxnumf %{{.*}} : tensor<2x4xf32>
# TOPK: arith.maxnumf %{{.*}} : tensor<1x4xf32>
# TOPK: tkc.reshape %{{.*}} -> tensor<4xf32>
# TOPK-NEXT: tkc.store %{{.*}} : tensor<4x!tkc.ptr<f32>>


# tl.bitonic_merge: the network's last stage only, log2(16) = 4 steps of
# pairs 8, 4, 2 and 1 apart, the swaps all one way (descending here).
@triton.jit
def merge(p, q):
    x = tl.load(p + tl.arange(0, 16))
    tl.store(q + tl.arange(0, 16), tl.bitonic_merge(x, descending=True))
# MERGE-LABEL: func.func @merge
# MERGE: tkc.reshape {{.*}} -> tensor<1x2x8xf32>
# MERGE: tkc.reshape {{.*}} -> tensor<2x2x4xf32>
# MERGE: tkc.reshape {{.*}} -> tensor<4x2x2xf32>
# MERGE: tkc.reshape {{.*}} -> tensor<8x2x1xf32>
# MERGE-NOT: tensor<1x2x8xf32>


# tl.dot_scaled, as Triton emulates it without a scaled product: a bf16
# lhs as it is; an e2m1 rhs (two codes per byte along K, the first in the
# low nibble) decoded to bf16 bits and interleaved back along K; its e8m0
# scales shifted into bf16 exponents, multiplied over groups of 32 along K
# and NaN where a scale is 0xFF; then an ordinary dot into fp32.
@triton.jit
def mx(a_ptr, b_ptr, s_ptr, c_ptr):
    a = tl.load(a_ptr + tl.arange(0, 16)[:, None] * 64 + tl.arange(0, 64)[None, :])
    b = tl.load(b_ptr + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :])
    s = tl.load(s_ptr + tl.arange(0, 16)[:, None] * 2 + tl.arange(0, 2)[None, :])
    c = tl.dot_scaled(a, None, "bf16", b, s, "e2m1")
    tl.store(c_ptr + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :], c)
# MX-LABEL: func.func @mx
# MX: arith.shrui %{{.*}} : tensor<32x16xi8>
# MX: tkc.join %{{.*}}, %{{.*}} : tensor<32x16xbf16> -> tensor<32x16x2xbf16>
# MX: tkc.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<32x16x2xbf16> -> tensor<32x2x16xbf16>
# MX: arith.shli %{{.*}} : tensor<16x2xi16>
# MX: arith.bitcast %{{.*}} : tensor<16x2xi16> to tensor<16x2xbf16>
# MX: tkc.reshape %{{.*}} : tensor<32x2x16xbf16> -> tensor<2x32x16xbf16>
# MX: arith.mulf %{{.*}} : tensor<2x32x16xbf16>
# MX: arith.select %{{.*}} : tensor<2x32x16xi1>, tensor<2x32x16xbf16>
# MX: tkc.reshape %{{.*}} : tensor<2x32x16xbf16> -> tensor<64x16xbf16>
# MX: tkc.dot %{{.*}} : tensor<16x64xbf16> * tensor<64x16xbf16> -> tensor<16x16xf32>


# Formats are checked against Triton's list, at the library's assertion.
@triton.jit
def mx_format(a_ptr, c_ptr):
    a = tl.load(a_ptr + tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :])
    # MXFMT: error: static assertion failed: tl.dot_scaled: rhs_format must be e2m1, e4m3, e5m2, bf16 or fp16
    # MXFMT: library.py:[[@LINE+1]]:9: note: in this call of tl.dot_scaled, which tkc's library implements
    c = tl.dot_scaled(a, None, "bf16", a, None, "e3m2")
    tl.store(c_ptr + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :], c)


# Booleans sort and flip as int8 0 and 1, converted back at the end (as
# Triton, False before True).
# BOOLS-LABEL: func.func @sort_bools
# BOOLS: arith.extui %{{.*}} : tensor<8x16xi1> to tensor<8x16xi8>
# BOOLS: tkc.reduce
# BOOLS: arith.cmpi ne, %{{.*}} : tensor<8x16xi8>
@triton.jit
def sort_bools(p, q):
    offs = tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :]
    x = tl.load(p + offs) > 0
    tl.store(q + offs, tl.sort(x).to(tl.int32) + 2 * tl.flip(x, 1).to(tl.int32))
