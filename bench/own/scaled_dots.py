# Block-scaled matrix products written here in the style of MoE and
# low-precision kernel libraries (mxfp4 weights with bf16 activations, as
# gpt-oss serving runs them on Hopper; mxfp8 on both sides):
# tl.dot_scaled with e8m0 scales per 32 elements along K.
# bench/public_bench.py runs them (repo "own") against Triton's JIT.
import triton
import triton.language as tl


@triton.jit
def mx_matmul_kernel(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr, M, N, K,
                     stride_am, stride_bk, stride_cm,
                     A_FORMAT: tl.constexpr, B_FORMAT: tl.constexpr,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     BLOCK_K: tl.constexpr):
    """c[M, N] (fp32) = a[M, K] @ b[K, N] for a and b in A_FORMAT and
    B_FORMAT: e2m1 packs two elements per byte along K (a row-major
    [M, K // 2], b [K // 2, N]); fp8 formats are one byte each. A format
    other than bf16 has e8m0 scales, a_scale [M, K // 32] and b_scale
    [N, K // 32] (row-major)."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    A_PACK: tl.constexpr = 2 if A_FORMAT == "e2m1" else 1
    B_PACK: tl.constexpr = 2 if B_FORMAT == "e2m1" else 1
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ka = tl.arange(0, BLOCK_K // A_PACK)
    kb = tl.arange(0, BLOCK_K // B_PACK)
    ks = tl.arange(0, BLOCK_K // 32)
    a_ptrs = a_ptr + rm[:, None] * stride_am + ka[None, :]
    b_ptrs = b_ptr + kb[:, None] * stride_bk + rn[None, :]
    a_scale_ptrs = a_scale_ptr + rm[:, None] * (K // 32) + ks[None, :]
    b_scale_ptrs = b_scale_ptr + rn[:, None] * (K // 32) + ks[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        if A_FORMAT == "bf16":
            a_scale = None
        else:
            a_scale = tl.load(a_scale_ptrs)
        b_scale = tl.load(b_scale_ptrs)
        acc = tl.dot_scaled(a, a_scale, A_FORMAT, b, b_scale, B_FORMAT, acc)
        a_ptrs += BLOCK_K // A_PACK
        b_ptrs += (BLOCK_K // B_PACK) * stride_bk
        a_scale_ptrs += BLOCK_K // 32
        b_scale_ptrs += BLOCK_K // 32
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc)


@triton.jit
def mx_upcast_kernel(x_ptr, scale_ptr, y_ptr, FORMAT: tl.constexpr,
                     RHS: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    """The operand tl.dot_scaled multiplies, alone, through a product with
    the identity (one program): as lhs, y[N, K] = x[N, K] in FORMAT (e2m1:
    bytes [N, K // 2]); as rhs, y[K, N] = x[K, N] (e2m1: bytes [K // 2, N]);
    times the scales [N, K // 32] either way; y in fp32."""
    PACK: tl.constexpr = 2 if FORMAT == "e2m1" else 1
    n = tl.arange(0, N)
    s = tl.load(scale_ptr + n[:, None] * (K // 32) + tl.arange(0, K // 32)[None, :])
    eye = tl.where(tl.arange(0, K)[:, None] == tl.arange(0, K)[None, :], 1.0, 0.0).to(tl.bfloat16)
    if RHS:
        x = tl.load(x_ptr + tl.arange(0, K // PACK)[:, None] * N + n[None, :])
        y = tl.dot_scaled(eye, None, "bf16", x, s, FORMAT)
        tl.store(y_ptr + tl.arange(0, K)[:, None] * N + n[None, :], y)
    else:
        x = tl.load(x_ptr + n[:, None] * (K // PACK) + tl.arange(0, K // PACK)[None, :])
        y = tl.dot_scaled(x, s, FORMAT, eye, None, "bf16")
        tl.store(y_ptr + n[:, None] * K + tl.arange(0, K)[None, :], y)
