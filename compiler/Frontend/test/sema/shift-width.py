# RUN: tkc compile %s --kernel shifts --signature '*u8:16, *i32:16, 64' --emit=ttir 2>&1 | FileCheck %s
# A shift by a constant outside its operands' width has no defined result
# (LLVM makes it poison); tkc warns at its source line, as Triton does, and
# compiles on. Shifts within the width, or by values, pass silently.
import triton
import triton.language as tl


@triton.jit
def shifts(pu8, pi32, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    b = tl.load(pu8 + offs)
    # CHECK: shift-width.py:[[@LINE+1]]:{{[0-9]+}}: warning: shift by 8 is outside the 8 bits of uint8: the result is undefined
    hi = (b & 0x80) << 8
    # CHECK-NOT: shift-width.py:[[@LINE+1]]:{{.*}}warning
    lo = (b & 0x7F) << 4
    w = tl.load(pi32 + offs)
    # CHECK: shift-width.py:[[@LINE+1]]:{{[0-9]+}}: warning: shift by -1 is outside the 32 bits of int32: the result is undefined
    neg = w >> -1
    # CHECK-NOT: warning
    ok = (w << 31) | (w >> b.to(tl.int32))
    tl.store(pi32 + offs, (hi | lo).to(tl.int32) + neg + ok)
    # CHECK: func.func @shifts
