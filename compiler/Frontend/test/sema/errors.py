# RUN: not tkc compile %s --kernel undefined_name --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=UNDEF
# RUN: not tkc compile %s --kernel dot_types --signature '*fp16, *fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=DOT
# RUN: not tkc compile %s --kernel dot_precision --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=PRECISION
# RUN: not tkc compile %s --kernel shift_float --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=SHIFT
# RUN: not tkc compile %s --kernel branch_types --signature '*fp32, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: not tkc compile %s --kernel carried_type --signature '*fp16, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=CARRIED
# RUN: not tkc compile %s --kernel runtime_arange --signature '*fp32, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# RUN: tkc compile %s --kernel constexpr_arg --signature '*fp32, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=CONSTARG
# RUN: not tkc compile %s --kernel uses_lambda --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=LAMBDA
# RUN: not tkc compile %s --kernel uses_slice --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=SLICE
# RUN: not tkc compile %s --kernel uses_break --signature 'i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=BREAK
# RUN: not tkc compile %s --kernel uses_with --signature 'i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=WITH
# RUN: not tkc compile %s --kernel bad_broadcast --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=BCAST
# RUN: not tkc compile %s --kernel block_if --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=BLOCKIF
# RUN: not tkc compile %s --kernel early_return --signature '*fp32, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=RETURN
# RUN: not tkc compile %s --kernel static_loop_return --signature '*fp32, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=STATICRET
# RUN: not tkc compile %s --kernel return_types --signature '*fp32, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=RETTYPE
# RUN: not tkc compile %s --kernel calls_host --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=HOST
# RUN: not tkc compile %s --kernel static_check --signature '*fp32, 48' --emit=ttir 2>&1 | FileCheck %s --check-prefix=STATIC
# RUN: not tkc compile %s --kernel undefined_name --signature '*fp32, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=COUNT
# RUN: not tkc compile %s --kernel static_check --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=NOVALUE
# RUN: not tkc compile %s --kernel static_check --signature '*fp32, i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=TYPEDCONST
# RUN: not tkc compile %s --kernel static_check --signature '*fp32, 64' --constexpr BLOCK_SIZ=4 --emit=ttir 2>&1 | FileCheck %s --check-prefix=NOPARAM
# RUN: not tkc compile %s --kernel undefined_name --signature '*fp33' --emit=ttir 2>&1 | FileCheck %s --check-prefix=BADSIG
# RUN: not tkc compile %s --kernel no_such_kernel --signature '' --emit=ttir 2>&1 | FileCheck %s --check-prefix=NOKERNEL
# RUN: not tkc compile %s --kernel bad_hints --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=HINT
# RUN: not tkc compile %s --kernel host_function --signature '' --emit=ttir 2>&1 | FileCheck %s --check-prefix=NOTJIT
# RUN: not tkc compile %s --kernel float16_atomics --signature '*bf16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=ATOMICF16
# RUN: not tkc compile %s --kernel int16_atomics --signature '*i16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=ATOMICI16
# RUN: not tkc compile %s --kernel int8_cas --signature '*i8' --emit=ttir 2>&1 | FileCheck %s --check-prefix=CAS8
# RUN: not tkc compile %s --kernel tuple_of_block --signature '*i32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=TUPLEBLOCK
# Every user-facing semantic error names its file:line:col and says what
# was expected. Each RUN line compiles one kernel of this file.
import triton
import triton.language as tl


@triton.jit
def undefined_name(p):
    tl.store(p, undefined_thing)
# UNDEF: errors.py:[[@LINE-1]]:17: error: name 'undefined_thing' is not defined
# UNDEF-NEXT: tl.store(p, undefined_thing)
# UNDEF-NEXT: ^


@triton.jit
def dot_types(a, b):
    x = tl.load(a + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    y = tl.load(b + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    tl.dot(x, y)
# DOT: errors.py:[[@LINE-1]]:5: error: tl.dot operands must have one dtype, got fp16 and fp32


@triton.jit
def dot_precision(a):
    x = tl.load(a + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    tl.dot(x, x, input_precision="bf16x9")
# PRECISION: errors.py:[[@LINE-1]]:5: error: input_precision must be 'tf32', 'tf32x3', 'ieee', 'bf16x3' or 'bf16x6', got 'bf16x9'


@triton.jit
def shift_float(p):
    x = tl.load(p)
    tl.store(p, x << 2)
# SHIFT: errors.py:[[@LINE-1]]:17: error: operator '<<' needs integer operands, got fp32 and int32


@triton.jit
def branch_types(p, n):
    x = tl.load(p)
    if n > 0:
        x = x.to(tl.float16)
    tl.store(p, x)
# BRANCH: errors.py:[[@LINE-3]]:5: error: variable 'x' has type fp16 in the 'if' branch but fp32 in the 'else' branch


@triton.jit
def carried_type(p, n):
    acc = tl.zeros([16], dtype=tl.float16)
    for i in range(n):
        acc += 1.5 * tl.load(p + tl.arange(0, 16)).to(tl.float32)
    tl.store(p + tl.arange(0, 16), acc)
# CARRIED: errors.py:[[@LINE-3]]:5: error: loop-carried variable 'acc' has type block<16 x fp16> before the loop but block<16 x fp32> at the end of its body


@triton.jit
def runtime_arange(p, n):
    offs = tl.arange(0, n)
# CONSTEXPR: errors.py:[[@LINE-1]]:25: error: argument 'end' must be a constexpr integer, got scalar int32


@triton.jit
def takes_block(x, BLOCK: tl.constexpr):
    return x + BLOCK


# Not an error: as Triton's JIT does, a helper's tl.constexpr parameter
# takes a runtime argument as given (tutorial 06 passes blocks of offsets).
@triton.jit
def constexpr_arg(p, n):
    tl.store(p, takes_block(tl.load(p), n))
# CONSTARG: %[[N:.*]] = arith.sitofp %arg1 : i32 to f32
# CONSTARG: arith.addf %{{.*}}, %[[N]] : f32


@triton.jit
def uses_lambda(p):
    f = lambda x: x + 1
# LAMBDA: errors.py:[[@LINE-1]]:9: error: lambda is not supported in Triton kernels


@triton.jit
def uses_slice(p):
    d = tl.extract_slice(tl.load(p + tl.arange(0, 16)), [0], [4], [1])
# SLICE: errors.py:[[@LINE-1]]:12: error: tl.extract_slice is not supported by tkc yet


@triton.jit
def uses_break(n):
    for i in range(n):
        break
# BREAK: errors.py:[[@LINE-1]]:9: error: 'break' is not supported in Triton kernels


@triton.jit
def uses_with(n):
    with open("x") as f:
        pass
# WITH: errors.py:[[@LINE-2]]:5: error: with statement is not supported in Triton kernels


@triton.jit
def bad_broadcast(p):
    a = tl.arange(0, 16)[:, None] + tl.zeros([16, 8], dtype=tl.int32)
    b = a + tl.zeros([8, 16], dtype=tl.int32)
# BCAST: errors.py:[[@LINE-1]]:9: error: cannot broadcast block<16x8 x int32> with block<8x16 x int32>: shapes [16, 8] and [8, 16] are incompatible


@triton.jit
def block_if(p):
    x = tl.load(p + tl.arange(0, 16))
    if x > 0:
        tl.store(p, 1.0)
# BLOCKIF: errors.py:[[@LINE-2]]:8: error: an 'if' condition must be a scalar, got block<16 x int1>; use tl.where to choose per element


@triton.jit
def early_return(p, n):
    for i in range(n):
        if i > 4:
            return
        tl.store(p + i, 1.0)
# RETURN: errors.py:[[@LINE-2]]:13: error: 'return' inside a runtime loop is not supported; leave the loop with a flag and return after it


@triton.jit
def static_loop_return(p, n):
    for i in tl.static_range(4):
        if n > i:
            return
        tl.store(p + i, 1.0)
# STATICRET: errors.py:[[@LINE-2]]:13: error: 'return' inside a runtime 'if' within a loop is not supported; return after the loop instead


@triton.jit
def pick(x, n):
    if n > 0:
        return x
    return x.to(tl.float16)


@triton.jit
def return_types(p, n):
    tl.store(p, pick(tl.load(p), n))
# RETTYPE: errors.py:[[@LINE-8]]:5: error: the return value has type fp32 in the 'if' branch but fp16 in the 'else' branch


def host_helper(x):
    return x


@triton.jit
def calls_host(p):
    tl.store(p, host_helper(1.0))
# HOST: errors.py:[[@LINE-1]]:17: error: 'host_helper' is not a @triton.jit function; kernels can only call @jit functions


@triton.jit
def static_check(p, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 32 == 0, "BLOCK must be a multiple of 32")
    tl.store(p + tl.arange(0, BLOCK), 0.0)
# STATIC: errors.py:[[@LINE-2]]:5: error: static assertion failed: BLOCK must be a multiple of 32
# NOVALUE: errors.py:[[@LINE-4]]:21: error: tl.constexpr parameter 'BLOCK' has no value; give it in the signature or with --constexpr BLOCK=VALUE
# TYPEDCONST: errors.py:[[@LINE-5]]:21: error: parameter 'BLOCK' is tl.constexpr; its signature entry must be a value, got 'i32'
# NOPARAM: errors.py:[[@LINE-6]]:5: error: --constexpr BLOCK_SIZ: 'static_check' has no parameter named 'BLOCK_SIZ'

# COUNT: errors.py:{{[0-9]+}}:5: error: the signature has 2 entries but 'undefined_name' has 1 parameters (0 of them tl.constexpr)
# BADSIG: tkc: error: --signature: invalid signature entry 1 '*fp33': unknown type '*fp33'
# NOKERNEL: tkc: error: no function 'no_such_kernel' in '{{.*}}errors.py' (its @triton.jit functions: undefined_name, dot_types,


@triton.jit
def bad_hints(p):
    x = tl.load(p, cache_modifier=".wb")
# HINT: errors.py:[[@LINE-1]]:20: error: unknown cache_modifier '.wb' for tl.load (expected '', '.ca', '.cg' or '.cv')


def host_function():
    pass
# NOTJIT: errors.py:[[@LINE-2]]:5: error: 'host_function' is not decorated with @triton.jit


# Triton's limits on atomics: 16-bit floats only add (tl.atomic_add of bf16
# compiles), and 16-bit integers not at all.
@triton.jit
def float16_atomics(f):
    tl.atomic_add(f, 1.0)
    # ATOMICF16: errors.py:[[@LINE+1]]:5: error: tl.atomic_max does not support bf16
    tl.atomic_max(f, 1.0)


@triton.jit
def int16_atomics(i):
    # ATOMICI16: errors.py:[[@LINE+1]]:5: error: tl.atomic_add does not support int16 (it needs fp16 or bf16 additions, or 32- or 64-bit pointees)
    tl.atomic_add(i, 1)


# A compare-and-swap takes 16-bit elements (int16_atomics' pointee), not 8.
@triton.jit
def int8_cas(p):
    # CAS8: errors.py:[[@LINE+1]]:5: error: tl.atomic_cas does not support int8 (it needs 16-, 32- or 64-bit pointees)
    tl.atomic_cas(p, 0, 1)


# tuple() takes what has elements at compile time, not a block.
@triton.jit
def tuple_of_block(p):
    # TUPLEBLOCK: errors.py:[[@LINE+1]]:9: error: tuple() of block<4 x int32> (tkc takes tuples, lists and strings)
    t = tuple(tl.arange(0, 4))
