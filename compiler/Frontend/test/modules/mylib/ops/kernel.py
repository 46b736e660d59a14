# RUN: tkc compile %s --kernel uses_modules --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s
# RUN: not tkc compile %s --kernel uses_missing --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: tkc compile %s --kernel uses_missing --signature '*fp32:16, 64' --emit=ttir --import-path %S/../../vendor 2>&1 | FileCheck %s --check-prefix=PATH
# Modules of the kernel's own library: an absolute import from the package
# root (found by walking up the __init__.py files), relative imports (this
# module's and, inside helpers, its own), a module's attributes, a helper
# that reads a module global of its own module, `.value` of a constexpr, a
# re-exported `tl` from a module tkc cannot find (taken to be
# triton.language, with a note) and --import-path for a module outside the
# package.
from mylib import extension as ext
from mylib.extension import lowest
from .helpers import scaled
from thirdparty.utils import tl, helper_module

import triton


@triton.jit
def uses_modules(p, BLOCK: tl.constexpr):
    # CHECK: note: tkc found no module 'thirdparty.utils' on its import path; 'tl' is taken to be triton.language, as kernel libraries re-export it
    # CHECK-DAG: arith.constant dense<3.000000e+00> : tensor<64xf32>
    # CHECK-DAG: arith.constant dense<0xFF800000> : tensor<64xf32>
    # CHECK: %[[PID:.*]] = tkc.program_id 0
    # CHECK: arith.extsi %[[PID]] : i32 to i64
    offs = ext.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(p + offs, mask=offs < 100, other=lowest(p.dtype.element_ty))
    # CHECK: arith.mulf
    tl.store(p + offs, scaled(x))


@triton.jit
def uses_missing(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # MISSING: kernel.py:[[@LINE+3]]:32: error: 'helper_module' refers to 'thirdparty.utils.helper_module', but tkc found no module 'thirdparty.utils' on its import path
    # MISSING: kernel.py:14:34: note: imported here
    # PATH: tkc.store
    tl.store(p + offs, tl.load(helper_module.shift(p) + offs))
