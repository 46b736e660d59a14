# A kernel written here in the style of fused-MoE libraries (SGLang's and
# AITER's fused_moe with the activation fused): one matmul computes the
# gate and up projections together, their columns interleaved in the
# accumulator, which the epilogue takes apart with reshape and split
# before SiLU(gate) * up. bench/public_bench.py runs it (repo "own")
# against Triton's JIT.
import triton
import triton.language as tl


@triton.jit
def gated_linear_kernel(x_ptr, w_ptr, y_ptr, M, N, K, stride_xm, stride_wk,
                        stride_ym, BLOCK_M: tl.constexpr,
                        BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """y = silu(g) * u for [g0 u0 g1 u1 ...] = x @ w, with x [M, K], w
    [K, 2N] (gate and up columns interleaved) and y [M, N]."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + rm[:, None] * stride_xm + rk[None, :]
    w_ptrs = w_ptr + rk[:, None] * stride_wk + rn[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        x = tl.load(x_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < K - k * BLOCK_K), other=0.0)
        w = tl.load(w_ptrs, mask=rk[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(x, w, acc)
        x_ptrs += BLOCK_K
        w_ptrs += BLOCK_K * stride_wk
    gate, up = tl.split(tl.reshape(acc, (BLOCK_M, BLOCK_N // 2, 2)))
    y = gate * tl.sigmoid(gate) * up
    ry = pid_n * (BLOCK_N // 2) + tl.arange(0, BLOCK_N // 2)
    y_ptrs = y_ptr + rm[:, None] * stride_ym + ry[None, :]
    tl.store(y_ptrs, y.to(y_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (ry[None, :] < N // 2))
