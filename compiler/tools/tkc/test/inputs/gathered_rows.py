# A block-scaled matmul over gathered rows, as fused-MoE kernels write it:
# the rows of A are picked by loaded (int64) indices, masked by them, and
# each row's scale multiplies the accumulator; BLOCK_K equals BLOCK_N.
import triton
import triton.language as tl


@triton.jit
def gathered_rows_matmul(A, B, C, Rows, Scales, n_rows, K, stride_am, stride_bn,
                         stride_cm, BLOCK_M: tl.constexpr,
                         BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M).to(tl.int64)
    rows = tl.load(Rows + offs).to(tl.int64)
    row_mask = rows < n_rows
    offs_k = tl.arange(0, BLOCK_K)
    offs_n = tl.arange(0, BLOCK_N)
    a_ptrs = A + rows[:, None] * stride_am + offs_k[None, :]
    b_ptrs = B + offs_k[:, None] + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=row_mask[:, None], other=0.0)
        b = tl.load(b_ptrs)
        scale = tl.load(Scales + rows * (K // 128) + k, mask=row_mask,
                        other=0.0)
        acc += tl.dot(a, b) * scale[:, None]
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K
    c_ptrs = C + rows[:, None] * stride_cm + offs_n[None, :]
    tl.store(c_ptrs, acc.to(tl.bfloat16), mask=row_mask[:, None])
