# A kernel that takes tuples as parameters (Triton 3.3's tuple arguments, as
# FLA's attention-residual kernels pass their sources): a tuple of source
# pointers, a tuple of their weights, and a stride tuple such as
# `x.stride()`. tkc passes each runtime element as its own argument and
# folds the literals and the strides equal to one. tkc compiles this file
# ahead of time (kernels/BUILD); it must stay plain Triton Python.
import triton
import triton.language as tl


@triton.jit
def weighted_sum_kernel(srcs, weights, out, strides, n_rows, n_cols,
                        BLOCK: tl.constexpr):
    """out[r, :] = sum_i weights[i] * srcs[i][r, :] over an n_rows x n_cols
    matrix, one row per program; every source has the strides `strides`,
    out is contiguous."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in tl.static_range(len(srcs)):
        x = tl.load(srcs[i] + row * strides[0] + cols * strides[1], mask=mask)
        acc += x.to(tl.float32) * weights[i]
    tl.store(out + row * n_cols + cols, acc, mask=mask)
