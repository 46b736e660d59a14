# Scalar @jit functions with branches and early returns: mapped over every
# element of blocks by tl.map_elementwise (Triton 3.5), one element per call
# or two, and a tl.reduce combine function. tkc compiles this file ahead of
# time (kernels/BUILD); it must stay plain Triton Python.
import triton
import triton.language as tl


@triton.jit
def _piecewise(x, alpha):
    """A piecewise function whose branches differ in cost: only the branch
    an element takes runs."""
    if x > 4.0:
        return x
    elif x > 0.0:
        return x * x * 0.25
    if x < -8.0:
        return -alpha
    return alpha * (tl.exp(x) - 1.0)


@triton.jit
def piecewise_kernel(x_ptr, y_ptr, n_elements, alpha,
                     BLOCK_SIZE: tl.constexpr):
    """y = _piecewise(x, alpha), element by element."""
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(y_ptr + offsets, tl.map_elementwise(_piecewise, x, alpha),
             mask=mask)


@triton.jit
def _min_max_pair(a0, a1, b0, b1):
    """Two elements of a and b at once: the smaller of each pair, then the
    larger, for both elements."""
    lo0 = a0
    hi0 = b0
    if b0 < a0:
        lo0 = b0
        hi0 = a0
    if b1 < a1:
        return lo0, b1, hi0, a1
    return lo0, a1, hi0, b1


@triton.jit
def min_max_kernel(a_ptr, b_ptr, lo_ptr, hi_ptr, n_elements,
                   BLOCK_SIZE: tl.constexpr):
    """lo = min(a, b) and hi = max(a, b) for int32 elements, two per call."""
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    a = tl.load(a_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    lo, hi = tl.map_elementwise(_min_max_pair, a, b, pack=2)
    tl.store(lo_ptr + offsets, lo, mask=mask)
    tl.store(hi_ptr + offsets, hi, mask=mask)


@triton.jit
def _larger_magnitude(a, b):
    """Combine function with branches: the value of larger magnitude, the
    larger value where magnitudes tie (so that the order of combination does
    not matter)."""
    if tl.abs(a) > tl.abs(b):
        return a
    elif tl.abs(a) < tl.abs(b):
        return b
    return tl.maximum(a, b)


@triton.jit
def max_magnitude_kernel(x_ptr, out_ptr, n_rows, n_cols,
                         BLOCK_SIZE: tl.constexpr):
    """out[row] = the element of row `row` of largest magnitude, one row of
    n_cols <= BLOCK_SIZE fp32 per program, n_rows programs."""
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.reduce(x, 0, _larger_magnitude))
