# RUN: tkc compile %s --kernel in_portion --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s
# RUN: cd %S && tkc compile portion_kernel.py --kernel in_portion --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s
# A kernel in a directory without __init__.py inside a package (a namespace
# portion, PEP 420, as vLLM's triton_kernels/*_details): it is the module
# mylib.portion.portion_kernel, so its relative imports and those through
# the package's name resolve, also when it is named from its own directory.
import triton
import triton.language as tl

from .consts import WIDTH
from mylib.portion import consts
from ..extension import lowest


@triton.jit
def in_portion(p):
    # CHECK: arith.constant dense<0xFF800000> : tensor<64xf32>
    # CHECK: tkc.make_range {end = 64 : i32, start = 0 : i32}
    offs = tl.arange(0, WIDTH)
    tl.store(p + offs, tl.full((consts.WIDTH,), lowest(p.dtype.element_ty), tl.float32))
