"""Column sums of a row-major fp32 matrix: out[n] = sum over m of x[m, n].

A tiled reduction: each program owns BLOCK_N columns and walks the M rows in
BLOCK_M-row tiles, accumulating a [BLOCK_M, BLOCK_N] fp32 tile, then reduces
it over its rows. Which tile shape and warp count is fastest depends on M and
N, so the kernel ships with several configs and a tuning key (col_sum.json).
"""
import triton
import triton.language as tl


@triton.jit
def col_sum_kernel(x_ptr, out_ptr, M, N, stride_m,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    col_mask = cols < N
    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for m0 in range(0, M, BLOCK_M):
        rows = m0 + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < M) & col_mask[None, :]
        x = tl.load(x_ptr + rows[:, None] * stride_m + cols[None, :],
                    mask=mask, other=0.0)
        acc += x
    tl.store(out_ptr + cols, tl.sum(acc, axis=0), mask=col_mask)
