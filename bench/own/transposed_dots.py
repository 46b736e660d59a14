# Kernels written here in the style of open kernel libraries, whose dots
# take a loaded tile transposed (tl.trans / .T): a linear layer's
# x @ W.T and a flash-attention forward's q @ k.T. bench/public_bench.py
# runs them (repo "own") beside the public kernels, against Triton's JIT.
import triton
import triton.language as tl


@triton.jit
def linear_kernel(x_ptr, w_ptr, y_ptr, M, N, K, stride_xm, stride_wn,
                  stride_ym, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr):
    """y = x @ w.T for row-major x [M, K], w [N, K] and y [M, N]; int8
    inputs accumulate in int32 (a w8a8 linear layer before its scales),
    others in fp32."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    rn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    rk = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + rm[:, None] * stride_xm + rk[None, :]
    w_ptrs = w_ptr + rn[:, None] * stride_wn + rk[None, :]
    integer: tl.constexpr = x_ptr.dtype.element_ty == tl.int8
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32 if integer else tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        x = tl.load(x_ptrs, mask=rk[None, :] < K - k * BLOCK_K, other=0.0)
        w = tl.load(w_ptrs, mask=rk[None, :] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(x, w.T, acc, out_dtype=acc.dtype)
        x_ptrs += BLOCK_K
        w_ptrs += BLOCK_K
    out_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    out_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    tl.store(y_ptr + out_m[:, None] * stride_ym + out_n[None, :],
             acc.to(y_ptr.dtype.element_ty),
             mask=(out_m[:, None] < M) & (out_n[None, :] < N))


@triton.jit
def flash_attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, stride_s,
                           stride_h, scale, BLOCK_M: tl.constexpr,
                           BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    """o = softmax(q @ k.T * scale) @ v per head; q, k, v, o are
    [heads, seq_len, HEAD_DIM] with rows stride_s apart."""
    pid_m = tl.program_id(0)
    head = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rd = tl.arange(0, HEAD_DIM)
    base = head * stride_h
    q = tl.load(q_ptr + base + rm[:, None] * stride_s + rd[None, :])
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=tl.float32)
    qk_scale = scale * 1.44269504
    for start in range(0, seq_len, BLOCK_N):
        rn = start + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + rn[:, None] * stride_s + rd[None, :])
        s = tl.dot(q, tl.trans(k)) * qk_scale
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.math.exp2(s - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + base + rn[:, None] * stride_s + rd[None, :])
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + rm[:, None] * stride_s + rd[None, :],
             acc.to(o_ptr.dtype.element_ty))
