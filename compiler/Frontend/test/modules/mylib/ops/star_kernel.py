# RUN: tkc compile %s --kernel uses_stars --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s
# RUN: not tkc compile %s --kernel uses_private --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=PRIVATE
# RUN: not tkc compile %s --kernel uses_unlisted --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=UNLISTED
# Names bound by star imports (`from .helpers import *`, as gemlite's
# kernels take their jit helpers): a module's public names, those of the
# modules it star-imports in turn, only those its __all__ lists where it has
# one, and Triton's own modules' names.
import triton
from triton.language import *
from .starhelpers import *
from .listed import *


@triton.jit
def uses_stars(p, BLOCK: constexpr):
    # CHECK: %[[PID:.*]] = tkc.program_id 0
    # CHECK: arith.extsi %[[PID]] : i32 to i64
    offs = program_id(0) * BLOCK + arange(0, BLOCK)
    x = load(p + offs)
    # CHECK: arith.mulf
    # CHECK: arith.addf
    # CHECK: arith.mulf
    # CHECK: tkc.store
    store(p + offs, halve(twice(x) + OFFSET))


@triton.jit
def uses_private(p, BLOCK: constexpr):
    offs = arange(0, BLOCK)
    # PRIVATE: star_kernel.py:[[@LINE+1]]:21: error: name '_private' is not defined
    store(p + offs, _private(load(p + offs)))


@triton.jit
def uses_unlisted(p, BLOCK: constexpr):
    offs = arange(0, BLOCK)
    # UNLISTED: star_kernel.py:[[@LINE+1]]:21: error: name 'hidden' is not defined
    store(p + offs, hidden(load(p + offs)))
