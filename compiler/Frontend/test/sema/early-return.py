# RUN: tkc compile %s --kernel guard --signature '*fp32:16, i32, 64' --emit=ttir | FileCheck %s --check-prefix=GUARD
# RUN: tkc compile %s --kernel masked_row --signature '*fp32:16, *i32:16, 64' --emit=ttir | FileCheck %s --check-prefix=MASKED
# RUN: tkc compile %s --kernel masked_row --signature '*fp32:16, None, 64' --emit=ttir | FileCheck %s --check-prefix=NOMASK
# RUN: tkc compile %s --kernel chain --signature '*fp32:16, i32' --emit=ttir | FileCheck %s --check-prefix=CHAIN
# RUN: tkc compile %s --kernel calls_helper --signature '*fp32:16, i32' --emit=ttir | FileCheck %s --check-prefix=HELPER
# A `return` inside a runtime `if` (the early exit `if row >= n_rows:
# return`): the rest of the function becomes the branches that fall
# through, so the scf.if ends the function, and yields a helper's return
# value.
import triton
import triton.language as tl


@triton.jit
def guard(p, n_rows, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    if row >= n_rows:
        return
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + row * BLOCK + offs)
    tl.store(p + row * BLOCK + offs, x * 2.0)
# GUARD-LABEL: func.func @guard
# GUARD: %[[ROW:.*]] = tkc.program_id 0
# GUARD: %[[OUT:.*]] = arith.cmpi sge, %[[ROW]], %arg1 : i32
# GUARD: scf.if %[[OUT]] {
# GUARD-NEXT: } else {
# GUARD: tkc.load
# GUARD: tkc.store
# GUARD-NEXT: }
# GUARD-NEXT: return


@triton.jit
def masked_row(p, MASK, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    if MASK is not None:
        not_skip = tl.load(MASK + row)
        if not_skip == 0:
            return
    offs = tl.arange(0, BLOCK)
    tl.store(p + row * BLOCK + offs, 1.0)
# MASKED-LABEL: func.func @masked_row
# MASKED: %[[SKIP:.*]] = tkc.load
# MASKED: %[[ZERO:.*]] = arith.cmpi eq, %[[SKIP]], %{{.*}} : i32
# MASKED: scf.if %[[ZERO]] {
# MASKED-NEXT: } else {
# MASKED: tkc.store
# MASKED-NEXT: }
# MASKED-NEXT: return
# NOMASK-LABEL: func.func @masked_row
# NOMASK-NOT: scf.if
# NOMASK: tkc.store


@triton.jit
def chain(p, n):
    x = tl.load(p)
    if n == 0:
        return
    elif n == 1:
        x = x + 1.0
    else:
        if n > 5:
            return
        x = x * 2.0
    tl.store(p, x)
# CHAIN-LABEL: func.func @chain
# CHAIN: %[[X:.*]] = tkc.load %arg0
# CHAIN: scf.if %{{.*}} {
# CHAIN-NEXT: } else {
# CHAIN: scf.if %{{.*}} {
# CHAIN: %[[ONE:.*]] = arith.addf %[[X]]
# CHAIN: tkc.store %arg0, %[[ONE]]
# CHAIN: } else {
# CHAIN: scf.if %{{.*}} {
# CHAIN-NEXT: } else {
# CHAIN: %[[TWO:.*]] = arith.mulf %[[X]]
# CHAIN: tkc.store %arg0, %[[TWO]]


@triton.jit
def leaky(x, lo):
    if x < lo:
        return x * 0.5
    return x


@triton.jit
def calls_helper(p, n):
    acc = tl.load(p)
    for i in range(n):
        acc = leaky(acc + i, 0.0)
    tl.store(p, acc)
# HELPER-LABEL: func.func @calls_helper
# HELPER: scf.for
# HELPER: %[[SUM:.*]] = arith.addf
# HELPER: %[[LOW:.*]] = arith.cmpf olt, %[[SUM]], %{{.*}} : f32
# HELPER: %[[R:.*]] = scf.if %[[LOW]] -> (f32) {
# HELPER-NEXT: %[[HALF:.*]] = arith.mulf %[[SUM]], %{{.*}} : f32
# HELPER-NEXT: scf.yield %[[HALF]] : f32
# HELPER-NEXT: } else {
# HELPER-NEXT: scf.yield %[[SUM]] : f32
# HELPER: scf.yield %[[R]] : f32
