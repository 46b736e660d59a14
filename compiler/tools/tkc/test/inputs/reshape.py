# Reshapes as kernels write them: the input of compile-reshape.test.
import triton
import triton.language as tl


@triton.jit
def reshaped_sum_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    # Row sums of a vector seen as 4 rows.
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.reshape(x, (4, BLOCK // 4))
    tl.store(out_ptr + tl.arange(0, 4), tl.sum(y, axis=1))


@triton.jit
def flatten_transposed_kernel(x_ptr, out_ptr, M: tl.constexpr,
                              N: tl.constexpr):
    # out = x.T flattened: the transposed tile's elements change threads.
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    y = tl.reshape(x.T, (M * N,), can_reorder=False)
    tl.store(out_ptr + tl.arange(0, M * N), y)
