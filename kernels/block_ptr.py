# Row sums through a block pointer, in the style of kernels that use
# tl.make_block_ptr: the block pointer names a [1, BLOCK_SIZE] window of the
# [n_rows, n_cols] matrix at (row, 0), the loop loads it with a boundary
# check (zero padding) and moves it right with tl.advance, and the result is
# stored through a second, one-dimensional block pointer. Same parameters and
# results as row_reduce.py's row_sum_kernel, for any n_cols.
# bench/ runs it through Triton's JIT too, so it must stay plain, importable
# Triton Python.
import triton
import triton.language as tl


@triton.jit
def row_sum_block_ptr_kernel(x_ptr, out_ptr, x_row_stride, n_rows, n_cols,
                             BLOCK_SIZE: tl.constexpr):
    """Writes the sum of row program_id(0) of x to out[row]."""
    row = tl.program_id(0)
    window = tl.make_block_ptr(base=x_ptr, shape=(n_rows, n_cols),
                               strides=(x_row_stride, 1), offsets=(row, 0),
                               block_shape=(1, BLOCK_SIZE), order=(1, 0))
    partial_sums = tl.zeros([1, BLOCK_SIZE], dtype=tl.float32)
    for _ in range(0, n_cols, BLOCK_SIZE):
        partial_sums += tl.load(window, boundary_check=(0, 1),
                                padding_option="zero")
        window = tl.advance(window, (0, BLOCK_SIZE))
    result = tl.make_block_ptr(base=out_ptr, shape=(n_rows,), strides=(1,),
                               offsets=(row,), block_shape=(1,), order=(0,))
    tl.store(result, tl.sum(partial_sums, axis=1), boundary_check=(0,))
