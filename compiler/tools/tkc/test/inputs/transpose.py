# A tiled transpose, out[j, i] = x[i, j], with 2-D masked loads and stores:
# the input of compile-transpose.test. The tile is transposed with
# tl.trans and its mask with .T; tl.permute does the same for 3-D tiles.
import triton
import triton.language as tl


@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_om,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :], mask=mask)
    tl.store(out_ptr + rn[:, None] * stride_om + rm[None, :], tl.trans(x),
             mask=mask.T)


@triton.jit
def permute_kernel(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr,
                   C: tl.constexpr):
    ra = tl.arange(0, A)[:, None, None]
    rb = tl.arange(0, B)[None, :, None]
    rc = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + (ra * B + rb) * C + rc)
    # out[c, a, b] = x[a, b, c]
    y = tl.permute(x, (2, 0, 1))
    rc2 = tl.arange(0, C)[:, None, None]
    ra2 = tl.arange(0, A)[None, :, None]
    rb2 = tl.arange(0, B)[None, None, :]
    tl.store(out_ptr + (rc2 * A + ra2) * B + rb2, y)
