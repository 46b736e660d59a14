# A kernel whose helpers live in other modules: one of its package (absolute
# and relative imports), one found through triton_kernel's import_paths.
import triton
import triton.language as tl
from pkg.helpers import block_offsets
from vlib import act

from . import helpers


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = block_offsets(BLOCK)
    again = helpers.block_offsets(BLOCK)
    mask = (offs < n) & (again < n)
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, act.leaky_relu(x * 2.0), mask=mask)
