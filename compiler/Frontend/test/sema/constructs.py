# RUN: tkc compile %s --kernel operators --signature '*i32, *fp32, i32, fp32' --emit=ttir | FileCheck %s --check-prefix=OPS
# RUN: tkc compile %s --kernel promotion --signature '*fp16, *i8, *u32, *fp32' --emit=ttir | FileCheck %s --check-prefix=PROMO
# RUN: tkc compile %s --kernel control --signature '*fp32, i32, 4' --emit=ttir | FileCheck %s --check-prefix=CTRL
# RUN: tkc compile %s --kernel control --signature '*fp32, i32, 2' --emit=ttir 2>&1 | FileCheck %s --check-prefix=FALSEASSERT
# RUN: not tkc compile %s --kernel control --signature '*fp32, i32, 2' --emit=ttir --debug 2>&1 | FileCheck %s --check-prefix=FALSEASSERT-DEBUG
# RUN: tkc compile %s --kernel library --signature '*fp32:16, *i32:16, *fp16:16, i32' --emit=ttir | FileCheck %s --check-prefix=LIB
# RUN: tkc compile %s --kernel shapes --signature '*fp32:16' --emit=ttir | FileCheck %s --check-prefix=SHAPES
# RUN: tkc compile %s --kernel debugging --signature '*fp32, i32' --emit=ttir --debug | FileCheck %s --check-prefix=DEBUG
# RUN: tkc compile %s --kernel debugging --signature '*fp32, i32' --emit=ttir | FileCheck %s --check-prefix=NODEBUG
# RUN: tkc compile %s --kernel assert_int_message --signature '*fp32, fp32, 1' --emit=ttir 2>&1 | FileCheck %s --check-prefix=INTMSG
# RUN: not tkc compile %s --kernel assert_int_message --signature '*fp32, fp32, 1' --emit=ttir --debug 2>&1 | FileCheck %s --check-prefix=INTMSG-DEBUG
# RUN: tkc compile %s --kernel loop_hint --signature '*fp32, i32, i32' --emit=ttir | FileCheck %s --check-prefix=LOOPHINT
# RUN: tkc compile %s --kernel fp8_ops --signature '*fp8e4nv, *fp32' --emit=ttir | FileCheck %s --check-prefix=FP8
# RUN: tkc compile %s --kernel conditional_expressions --signature '*fp32, *fp32, *i32' --emit=ttir | FileCheck %s --check-prefix=IFEXP
# RUN: tkc compile %s --kernel constexpr_short_circuit --signature '*fp32, i32, False' --emit=ttir | FileCheck %s --check-prefix=BOOLOP
# RUN: tkc compile %s --kernel tuple_of_numbers_carried --signature '*i32, i32' --emit=ttir | FileCheck %s --check-prefix=TUPLECARRY
# RUN: tkc compile %s --kernel comprehensions --signature '(*fp32:16, *i32:16), (fp32, i32), *i32' --emit=ttir | FileCheck %s --check-prefix=LISTCOMP
# RUN: tkc compile %s --kernel tuple_slices --signature '*fp32:16, *fp32:16' --emit=ttir | FileCheck %s --check-prefix=SLICES
# RUN: not tkc compile %s --kernel tuple_slice_step_zero --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=SLICESTEP
# A kernel per group of language constructs, each checked in the IR.
import triton
import triton.language as tl
from triton.language import math as tlmath

SCALE: tl.constexpr = 2
OFFSET = tl.constexpr(3)
EPS = 1e-5


@triton.jit
def operators(out_i, out_f, n, x):
    # Constexprs fold at compile time: 3*2 + 3**2 - (-7 % 3 == 2) + 2 - 2 == 13.
    K: tl.constexpr = (7 // 2) * SCALE + OFFSET ** 2 - (-7 % 3) + (1 << 1) - (8 >> 2)
    a = n + K
    b = (a - 1) * 3 // 2 % 5
    c = (b & 6) | (a ^ 1)
    d = ~c
    e = -d
    tl.store(out_i, e)
    f = -x / 2 + x * EPS - float('inf')
    g = f if K > 3 else x
    h = (n > 0) and (x < 1.0) or not (n == 3)
    tl.store(out_f, tl.where(h, g, 0.0))
# OPS-LABEL: func.func @operators
# OPS: %[[K:.*]] = arith.constant 13 : i32
# OPS: arith.addi %{{.*}}, %[[K]] : i32
# OPS: arith.muli
# OPS: arith.divsi
# OPS: arith.remsi
# OPS: arith.andi
# OPS: arith.xori
# OPS: arith.ori
# OPS: tkc.store
# A float negates as 0 - x, as Triton's does; `/` may approximate.
# OPS: arith.subf %{{.*}}, %arg3 : f32
# OPS: arith.divf %{{.*}}, %{{.*}} fastmath<afn> : f32
# OPS: arith.mulf
# OPS: arith.cmpi sgt
# OPS: arith.cmpf olt
# OPS: arith.andi
# OPS: arith.cmpi ne
# OPS: arith.ori
# OPS: arith.select


@triton.jit
def promotion(h_ptr, b_ptr, u_ptr, f_ptr):
    h = tl.load(h_ptr)
    b = tl.load(b_ptr)
    u = tl.load(u_ptr)
    tl.store(h_ptr, h * 2.0)       # literal adopts fp16
    tl.store(f_ptr, h / 2)         # halves divide in fp32
    tl.store(b_ptr, b + 1)         # literal adopts int8
    tl.store(u_ptr, u // 3)        # unsigned division
    tl.store(f_ptr, (b + h).to(tl.float32))  # int8 + fp16 -> fp16
    tl.store(u_ptr, u >> 1)        # logical shift for unsigned
    tl.store(u_ptr, b >> u)        # arithmetic: the left operand is signed
    tl.store(u_ptr, 1 >> u)        # logical: u's, as u.__rrshift__(1)
    tl.store(f_ptr, b.to(tl.float32) + u.to(tl.float32, bitcast=True))
# PROMO-LABEL: func.func @promotion
# PROMO: arith.mulf %{{.*}}, %{{.*}} : f16
# PROMO: arith.extf %{{.*}} : f16 to f32
# PROMO: arith.divf %{{.*}}, %{{.*}} : f32
# PROMO: arith.addi %{{.*}}, %{{.*}} : i8
# PROMO: arith.divui %{{.*}}, %{{.*}} : i32
# PROMO: arith.sitofp %{{.*}} : i8 to f16
# PROMO: arith.addf %{{.*}}, %{{.*}} : f16
# PROMO: arith.shrui
# PROMO: arith.shrsi %{{.*}}, %{{.*}} : i32
# PROMO: arith.shrui %{{.*}}, %{{.*}} : i32
# PROMO: arith.bitcast %{{.*}} : i32 to f32


@triton.jit
def pair(x, y):
    return x + y, x * y


@triton.jit
def control(p, n, UNROLL: tl.constexpr):
    """Static and runtime control flow."""
    acc = 0.0
    for i in tl.static_range(UNROLL):
        if i % 2 == 0:
            acc += i
        elif i == 3:
            acc -= 1
        else:
            pass
    s, t = pair(acc, 2.0)
    total = tl.load(p)
    j = 0
    # tl.condition is the condition; its hint is dropped.
    while tl.condition(j < n, disable_licm=True):
        total = total * 0.5
        j += 1
    for k in range(0, n, 2):
        if k > 4:
            total += s
        else:
            total -= t
    assert UNROLL == 4, "unroll must be 4"
# An assertion that cannot hold for these constexprs is dropped with a
# warning, as Triton's JIT drops every assertion outside debug mode; in
# debug mode it is an error.
# FALSEASSERT: constructs.py:[[@LINE-4]]:5: warning: assertion is always false; dropped outside debug mode
# FALSEASSERT: func.func @control
# FALSEASSERT-DEBUG: constructs.py:[[@LINE-6]]:5: error: assertion is always false: unroll must be 4
    tl.store(p, total + \
             acc)
# Static loop and constexpr ifs fold: acc = 0 + 2 - 1 = 1; s = 3, t = 2.
# CTRL-LABEL: func.func @control
# CTRL-DAG: arith.constant 3.000000e+00 : f32
# CTRL-DAG: arith.constant 2.000000e+00 : f32
# CTRL: %[[W:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (f32, i32) -> (f32, i32) {
# CTRL: arith.cmpi slt
# CTRL: scf.condition
# CTRL: } do {
# CTRL: arith.mulf
# CTRL: arith.addi
# CTRL: scf.yield
# CTRL: %[[F:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T:.*]] = %[[W]]#0) -> (f32) : i32 {
# CTRL: %[[IF:.*]] = scf.if %{{.*}} -> (f32) {
# CTRL: arith.addf %[[T]]
# CTRL: } else {
# CTRL: arith.subf %[[T]]
# CTRL: scf.yield %[[IF]] : f32
# CTRL: arith.addf %[[F]], %{{.*}} : f32
# CTRL: tkc.store


@triton.jit
def library(f_ptr, i_ptr, h_ptr, n):
    offs = tl.max_contiguous(tl.multiple_of(tl.arange(0, 64), 64), 64)
    x = tl.load(f_ptr + offs, mask=offs < n, other=0.0, cache_modifier=".cg",
                eviction_policy="evict_last")
    y = tl.exp(x) + tl.exp2(x) + tl.log(x + 1) + tl.sqrt(tl.abs(x))
    y = y + tl.rsqrt(x + 2) + tlmath.log2(x + 3) + tl.math.exp(x)
    y = tl.fma(x, y, 1.0) + tl.sigmoid(x)
    y = tl.maximum(y, 0.0) + tl.minimum(y, x)
    z = tl.full([64], 3, tl.int32) + tl.zeros([64], dtype=tl.int32)
    s = tl.sum(y, axis=0) + tl.max(y, 0) + tl.min(y)
    am = tl.argmax(y, axis=0)
    c = tl.cumsum(z, 0)
    tl.store(f_ptr + offs, y + s, mask=offs < n)
    tl.store(i_ptr + offs, c + am)
    old = tl.atomic_add(f_ptr + offs, x, mask=offs < n)
    prev = tl.atomic_cas(i_ptr, 0, 1)
    tl.atomic_xchg(i_ptr, prev)
    tl.atomic_max(i_ptr + offs, z, sem="relaxed", scope="cta")
    h = tl.load(h_ptr + offs)
    tl.store(h_ptr + offs, h.to(tl.float32).to(h_ptr.dtype.element_ty))
    tl.store(i_ptr, tl.cdiv(n, 64) + min(n, 7) + max(2, 5))
# LIB-LABEL: func.func @library
# LIB: %[[R:.*]] = tkc.make_range {end = 64 : i32, start = 0 : i32, tkc.contiguity = array<i32: 64>, tkc.divisibility = array<i32: 64>}
# LIB: tkc.load %{{.*}}, %{{.*}}, %{{.*}} cache = cg evict = evict_last
# LIB-DAG: math.exp %
# LIB-DAG: math.exp2
# LIB-DAG: math.log %
# LIB-DAG: math.sqrt
# LIB-DAG: math.absf
# LIB-DAG: math.rsqrt
# LIB-DAG: math.log2
# LIB-DAG: math.fma
# LIB-DAG: arith.maxnumf
# LIB-DAG: arith.minnumf
# LIB: tkc.reduce
# LIB: arith.cmpf ogt
# LIB: tkc.scan(%{{.*}}) axis = 0 : (tensor<64xi32>) -> tensor<64xi32>
# LIB: tkc.atomic_rmw fadd, acq_rel, gpu
# LIB: tkc.atomic_cas acq_rel, gpu
# LIB: tkc.atomic_rmw xchg, acq_rel, gpu
# LIB: tkc.atomic_rmw max, relaxed, cta
# The fp16 -> fp32 -> fp16 round trip is exact and folds away.
# LIB: %[[H:.*]] = tkc.load %{{.*}} : tensor<64x!tkc.ptr<f16>>
# LIB-NEXT: tkc.store %{{.*}}, %[[H]] : tensor<64x!tkc.ptr<f16>>
# LIB: arith.minsi


@triton.jit
def shapes(p):
    r = tl.arange(0, 16)
    m = r[:, None] * 16 + r[None, :]
    t = tl.trans(m)
    q = tl.permute(tl.reshape(m, (4, 64)), (1, 0))
    b = tl.broadcast_to(tl.expand_dims(r, 0), (8, 16))
    v = tl.reshape(q, 256) + tl.ravel(t)
    tl.store(p + v, b.to(tl.float32).sum())
# SHAPES-LABEL: func.func @shapes
# SHAPES: tkc.expand_dims %{{.*}} {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
# SHAPES: tkc.expand_dims %{{.*}} {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
# SHAPES: tkc.broadcast
# SHAPES: tkc.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<16x16xi32> -> tensor<16x16xi32>
# SHAPES: tkc.reshape %{{.*}} : tensor<16x16xi32> -> tensor<4x64xi32>
# SHAPES: tkc.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<4x64xi32> -> tensor<64x4xi32>
# SHAPES: tkc.reshape %{{.*}} : tensor<64x4xi32> -> tensor<256xi32>
# SHAPES: tkc.reshape %{{.*}} allow_reorder : tensor<16x16xi32> -> tensor<256xi32>
# SHAPES: tkc.reduce


@triton.jit
def debugging(p, n):
    tl.device_print("n=", n)
    offs = tl.arange(0, 8)
    tl.device_print("values", offs.to(tl.uint32), n, hex=True)
    tl.device_print("done")
    tl.device_assert(n > 0, "n must be positive")
    tl.device_assert(offs < n, "in range", mask=offs < 4)
    tl.static_assert(tl.float16 != tl.float32)
    tl.store(p, 1.0)


# Out of debug mode an assertion is dropped before its message is read, as
# Triton's JIT drops it: a message that is no string compiles (SGLang's
# NaN probe passes one as a tl.constexpr); in debug mode it is an error.
# INTMSG-NOT: error
# INTMSG: func.func @assert_int_message
# INTMSG-DEBUG: constructs.py:[[@LINE+4]]:30: error: argument 'msg' must be a string, got constexpr int 1
@triton.jit
def assert_int_message(p, n, MESSAGE: tl.constexpr):
    x = tl.load(p + tl.arange(0, 8))
    tl.device_assert(x == x, MESSAGE)
    tl.store(p + tl.arange(0, 8), x + n)
# As Triton's JIT does, a prefix before values ends in ": " and one of more
# than two characters starts with a space; signedness is per value.
# DEBUG-LABEL: func.func @debugging
# DEBUG: tkc.print " n=: " {hex = false, isSigned = array<i1: true>} %{{.*}} : i32
# DEBUG: tkc.print " values: " {hex = true, isSigned = array<i1: false, true>} %{{.*}}, %{{.*}} : tensor<8xi32>, i32
# DEBUG: tkc.print " done" {hex = false, isSigned = array<i1>}
# DEBUG: tkc.assert %{{.*}}, "n must be positive" : i1
# Where the mask is false the condition holds.
# DEBUG: %[[IN:.*]] = arith.cmpi slt
# DEBUG: %[[MASK:.*]] = arith.cmpi slt
# DEBUG: %[[OFF:.*]] = arith.xori %[[MASK]]
# DEBUG: %[[OK:.*]] = arith.ori %[[IN]], %[[OFF]]
# DEBUG: tkc.assert %[[OK]], "in range" : tensor<8xi1>
# NODEBUG-LABEL: func.func @debugging
# NODEBUG: tkc.print
# NODEBUG-NOT: tkc.assert


# tl.multiple_of on a loop-carried pointer, as a statement (Triton's
# tutorial 08 does this): the hint is kept on the loop for its body's
# argument 2 (0 is the induction variable, 1 the accumulator).
# LOOPHINT: scf.for
# LOOPHINT: tkc.load
# LOOPHINT: } {tkc.divisibility_arg2 = array<i32: 16>}
@triton.jit
def loop_hint(a_ptr, lda, n):
    a_ptrs = a_ptr + tl.arange(0, 64)
    acc = tl.zeros((64,), dtype=tl.float32)
    for i in range(n):
        tl.multiple_of(a_ptrs, [16])
        acc += tl.load(a_ptrs)
        a_ptrs += lda
    tl.store(a_ptr + tl.arange(0, 64), acc)


# fp8 has no arithmetic: tl.abs clears the sign bit of the bytes; .to()
# converts through tkc.fp_to_fp, rounding to nearest even when narrowing.
# FP8: %[[BYTES:.*]] = arith.bitcast %{{.*}} : tensor<64xf8E4M3FN> to tensor<64xi8>
# FP8: %[[ABS:.*]] = arith.andi %[[BYTES]], %{{.*}} : tensor<64xi8>
# FP8: arith.bitcast %[[ABS]] : tensor<64xi8> to tensor<64xf8E4M3FN>
# FP8: tkc.fp_to_fp %{{.*}} : tensor<64xf8E4M3FN> -> tensor<64xf32>
# FP8: tkc.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
@triton.jit
def fp8_ops(q_ptr, f_ptr):
    offs = tl.arange(0, 64)
    q = tl.abs(tl.load(q_ptr + offs))
    tl.store(f_ptr + offs, q.to(tl.float32))
    tl.store(q_ptr + offs, (tl.load(f_ptr + offs) * 2).to(tl.float8e4nv))


# A conditional expression with a runtime scalar condition runs only the
# branch it picks (an scf.if, as Triton's visit_IfExp): a load or an atomic
# in the other branch never happens. A number meeting a value becomes one
# of its type in its branch (a pure if that canonicalization turns into a
# select); calls that return nothing leave an scf.if without results.
@triton.jit
def conditional_expressions(x, y, counts):
    pid = tl.program_id(0)
    # IFEXP: %[[V:.*]] = scf.if %{{.*}} -> (f32) {
    # IFEXP-NEXT: %[[A:.*]] = tkc.load
    # IFEXP-NEXT: scf.yield %[[A]] : f32
    # IFEXP-NEXT: } else {
    # IFEXP-NEXT: %[[B:.*]] = tkc.load
    # IFEXP-NEXT: scf.yield %[[B]] : f32
    v = tl.load(x) if pid % 2 == 0 else tl.load(y)
    # IFEXP: arith.select %{{.*}}, %{{.*}}, %[[V]] : f32
    w = 3.14 if pid > 3 else v
    # IFEXP: scf.if %{{.*}} {
    # IFEXP-NEXT: tkc.atomic_rmw
    # IFEXP-NEXT: } else {
    # IFEXP: tkc.atomic_rmw
    # IFEXP-NEXT: }
    tl.atomic_add(counts, 1) if pid < 8 else tl.atomic_add(counts + 1, 1)
    tl.store(x, w)


# `and`/`or` as Triton's JIT evaluates them: a compile-time operand that
# decides the result is the result even after a runtime one, so `runtime and
# FLAG` with FLAG false is False and its `if` has no body (which names `q`,
# bound only when FLAG is true); a deciding-free constexpr drops out.
# BOOLOP-LABEL: func.func @constexpr_short_circuit
# BOOLOP-NOT: scf.if
# BOOLOP: %[[I:.*]] = tkc.program_id 0
# BOOLOP-NEXT: %[[C:.*]] = arith.cmpi slt, %[[I]]
# BOOLOP-NEXT: scf.if %[[C]] {
# BOOLOP-NEXT: tkc.store
# BOOLOP-NEXT: }
# BOOLOP-NEXT: tkc.store
# BOOLOP-NEXT: return
@triton.jit
def constexpr_short_circuit(p, n, FLAG: tl.constexpr):
    i = tl.program_id(0)
    if FLAG:
        q = p + 1
    if i == n - 1 and FLAG:
        tl.store(q, 1.0)
    if i < n and not FLAG:
        tl.store(p, 2.0)
    if i > n or not FLAG:
        tl.store(p, 3.0)


# A tuple of numbers that a runtime loop reassigns is carried as its
# numbers would be: two i32 scalars (Triton's own
# test_loop_carry_tuple_shared_initial_value).
# TUPLECARRY-LABEL: func.func @tuple_of_numbers_carried
# TUPLECARRY: %[[C1:[a-z0-9_]+]] = arith.constant 1 : i32
# TUPLECARRY: %[[R:[0-9]+]]:2 = scf.for %{{.*}} = %{{.*}} to %arg1 step %{{.*}} iter_args(%[[A:[a-z0-9_]+]] = %[[C1]], %[[B:[a-z0-9_]+]] = %[[C1]]) -> (i32, i32)
# TUPLECARRY: arith.addi %[[A]]
# TUPLECARRY: arith.addi %[[B]]
# TUPLECARRY: scf.yield
# TUPLECARRY: arith.muli %[[R]]#0, %[[R]]#1
@triton.jit
def tuple_of_numbers_carried(p, n):
    seed = 1
    pair = (seed, seed)
    for i in range(n):
        pair = (pair[0] + 1, pair[1] + 2)
    tl.store(p, pair[0] * pair[1])


# List comprehensions unroll at compile time, as Triton's do over tuples;
# tuple(), list() and tl.tuple() make tuples of tuples, lists and strings.
# LISTCOMP-LABEL: func.func @comprehensions
# LISTCOMP-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
# LISTCOMP-DAG: %[[C1:.*]] = arith.constant 1 : i32
# LISTCOMP-DAG: %[[C8:.*]] = arith.constant 8 : i32
# LISTCOMP: %[[A:.*]] = arith.addf %arg2, %[[ONE]] : f32
# LISTCOMP: %[[B:.*]] = arith.addi %arg3, %[[C1]] : i32
# LISTCOMP: tkc.store %arg0, %[[A]] : !tkc.ptr<f32>
# LISTCOMP: tkc.store %arg1, %[[B]] : !tkc.ptr<i32>
# LISTCOMP: tkc.store %arg4, %[[C8]] : !tkc.ptr<i32>
@triton.jit
def incremented(values):
    return tl.tuple([v + 1 for v in values])


@triton.jit
def comprehensions(ptrs, values, out):
    values = incremented(values)
    for i in tl.static_range(len(values)):
        tl.store(ptrs[i], values[i])
    # 3 + 5 + 0, and a comprehension with a condition: 8 + 0.
    t = tuple([1, 2, 3])
    s = list((4, 5))
    odd = [i for i in range(4) if i % 2 == 1 and i > 5]
    tl.store(out, t[2] + s[1] + len(tuple()) + len(odd) + len(list("")))


# Slices of tuples, as Triton's triton_kernels slice shapes and strides
# (`x.shape[:-1] + [32]`): Python's bounds, negative from the end, clamped,
# and steps.
@triton.jit
def tuple_slices(p, q):
    x = tl.load(p + tl.arange(0, 64)[:, None] * 32 + tl.arange(0, 32)[None, :])
    dims = (4, 8, 16, 32)
    reversed_odd = dims[::-2]
    # SLICES: tkc.reshape {{.*}} -> tensor<64x16x2xf32>
    y = tl.reshape(x, x.shape[:-1] + (reversed_odd[0] // 2, 2))
    # SLICES: tkc.make_range {end = 16 : i32, start = 0 : i32}
    # SLICES: tkc.make_range {end = 8 : i32, start = 0 : i32}
    a = tl.arange(0, dims[-3:100][-2])
    b = tl.arange(0, reversed_odd[1])
    tl.store(q + tl.arange(0, 64), tl.sum(tl.sum(y, 2), 1) + tl.sum(a) + tl.sum(b) + len(dims[5:]))


@triton.jit
def tuple_slice_step_zero(p):
    dims = (4, 8)
    # SLICESTEP: constructs.py:[[@LINE+1]]:36: error: a tuple slice's step cannot be zero
    tl.store(p + tl.arange(0, dims[::0][0]), 0.0)

