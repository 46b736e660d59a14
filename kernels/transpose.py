# Tiled matrix transpose, out[j, i] = x[i, j] for an M x N fp32 matrix x:
# each program loads a BLOCK_M x BLOCK_N tile with a 2-D masked load and
# stores it transposed (tl.trans, its mask with .T) into the N x M out.
# tkc compiles this file ahead of time (kernels/BUILD), so it must stay
# plain, importable Triton Python.
import triton
import triton.language as tl


@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_om,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """Writes x's transpose (row strides stride_xm, stride_om) to out."""
    pid = tl.program_id(axis=0)
    num_n = tl.cdiv(N, BLOCK_N)
    rm = (pid // num_n) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = (pid % num_n) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :], mask=mask)
    tl.store(out_ptr + rn[:, None] * stride_om + rm[None, :], tl.trans(x),
             mask=mask.T)
