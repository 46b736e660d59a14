# Row-wise reductions of an n_rows x n_cols fp32 matrix with a row stride:
# out[r] = sum, max, or the index of the (first) maximum of row r's first
# n_cols values. One program per row, the whole row in one block (BLOCK_SIZE is
# a power of two >= n_cols); masked lanes load the reduction's identity.
# tkc compiles this file ahead of time (kernels/BUILD); bench/ also runs it
# through Triton's JIT, so it must stay plain, importable Triton Python.
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, x_row_stride, n_rows, n_cols,
                   BLOCK_SIZE: tl.constexpr):
    """Writes the sum of row program_id(0) of x to out[row]."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=cols < n_cols,
                other=0.0)
    tl.store(out_ptr + row, tl.sum(x, axis=0))


@triton.jit
def row_max_kernel(x_ptr, out_ptr, x_row_stride, n_rows, n_cols,
                   BLOCK_SIZE: tl.constexpr):
    """Writes the largest value of row program_id(0) of x to out[row]."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=cols < n_cols,
                other=-float("inf"))
    tl.store(out_ptr + row, tl.max(x, axis=0))


@triton.jit
def row_argmax_kernel(x_ptr, out_ptr, x_row_stride, n_rows, n_cols,
                      BLOCK_SIZE: tl.constexpr):
    """Writes the column of the first maximum of row program_id(0) of x to
    out[row] as an int32."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=cols < n_cols,
                other=-float("inf"))
    tl.store(out_ptr + row, tl.argmax(x, axis=0).to(tl.int32))


@triton.jit
def _add_squares(a, b):
    """tl.reduce's combine function for row_sum_squares_kernel: a + b."""
    return a + b


@triton.jit
def _max_abs(a, b):
    """tl.reduce's combine function for row_max_abs_kernel: the larger of two
    absolute values (both already non-negative)."""
    return tl.maximum(a, b)


@triton.jit
def row_sum_squares_kernel(x_ptr, out_ptr, x_row_stride, n_rows, n_cols,
                           BLOCK_SIZE: tl.constexpr):
    """Writes the sum of the squares of row program_id(0) of x to out[row],
    through tl.reduce with a user combine function."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=cols < n_cols,
                other=0.0)
    tl.store(out_ptr + row, tl.reduce(x * x, 0, _add_squares))


@triton.jit
def row_max_abs_kernel(x_ptr, out_ptr, x_row_stride, n_rows, n_cols,
                       BLOCK_SIZE: tl.constexpr):
    """Writes the largest absolute value of row program_id(0) of x to
    out[row], through tl.reduce with a user combine function."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=cols < n_cols,
                other=0.0)
    tl.store(out_ptr + row, tl.reduce(tl.abs(x), 0, _max_abs))


@triton.jit
def row_argmin_kernel(x_ptr, out_ptr, x_row_stride, n_rows, n_cols,
                      BLOCK_SIZE: tl.constexpr):
    """Writes the column of the first minimum of row program_id(0) of x to
    out[row] as an int32."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=cols < n_cols,
                other=float("inf"))
    tl.store(out_ptr + row, tl.argmin(x, axis=0).to(tl.int32))
