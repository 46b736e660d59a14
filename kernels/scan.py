# Row scans: one program per row, the whole row in one block (BLOCK_SIZE is a
# power of two >= n_cols), of the first n_cols columns of each of n_rows rows
# (rows x_row_stride / y_row_stride elements apart). REVERSE scans from the
# row's end, as Triton defines it: the forward scan of the reversed row, read
# back reversed.
# - row_cumsum_kernel: inclusive prefix sums (suffix sums when REVERSE) in
#   fp32, through tl.cumsum.
# - row_fill_kernel: each element replaced by the last non-zero value at or
#   before it (at or after it when REVERSE; 0 if none), through
#   tl.associative_scan with a combine function that is not commutative.
# tkc compiles this file ahead of time (kernels/BUILD); it must stay plain,
# importable Triton Python.
import triton
import triton.language as tl


@triton.jit
def row_cumsum_kernel(x_ptr, y_ptr, x_row_stride, y_row_stride, n_rows,
                      n_cols, REVERSE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    """Writes the inclusive cumulative sums of row program_id(0) of x."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    in_row = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=in_row, other=0.0)
    y = tl.cumsum(x, axis=0, reverse=REVERSE)
    tl.store(y_ptr + row * y_row_stride + cols, y, mask=in_row)


@triton.jit
def _last_nonzero(a, b):
    """b, unless it is 0: then a (the scan's value so far)."""
    return tl.where(b != 0, b, a)


@triton.jit
def row_fill_kernel(x_ptr, y_ptr, x_row_stride, y_row_stride, n_rows, n_cols,
                    REVERSE: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    """Fills the zeros of row program_id(0) of x with the nearest non-zero
    value before them (after them when REVERSE)."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    in_row = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=in_row, other=0.0)
    y = tl.associative_scan(x, 0, _last_nonzero, reverse=REVERSE)
    tl.store(y_ptr + row * y_row_stride + cols, y, mask=in_row)
