# A loop that tl.range's loop_unroll_factor unrolls (Triton unrolls it before
# pipelining: a main loop over whole groups of iterations, then a loop over
# the rest). tkc compiles this file ahead of time (kernels/BUILD); it must
# stay plain Triton Python.
import triton
import triton.language as tl


@triton.jit
def strided_sum_kernel(x_ptr, out_ptr, n_rows, n, BLOCK: tl.constexpr,
                       UNROLL: tl.constexpr):
    """out[r] = the sum of row r of an n_rows x n fp32 matrix (contiguous
    rows), one row per program (n_rows of them), BLOCK elements per
    iteration of a loop unrolled UNROLL times."""
    row = x_ptr + tl.program_id(0).to(tl.int64) * n
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in tl.range(0, n, BLOCK, loop_unroll_factor=UNROLL):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(row + cols, mask=cols < n, other=0.0)
    tl.store(out_ptr + tl.program_id(0), tl.sum(acc, axis=0))
