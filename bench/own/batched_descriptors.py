# A batched matrix product through 3-D tensor descriptors, written here in
# the style of triton_kernels' matmul_ogs (vLLM's gpt-oss MoE): each
# operand's block is one expert's tile, [1, BLOCK, BLOCK_K], reshaped to 2-D
# for the dot, and the weights are stored K-major ([E, N, K]). Benchmarked
# by bench/public_bench.py (case own_batched_descriptors_bf16) against
# Triton's JIT; tkc compiles it unmodified.
import triton
import triton.language as tl


@triton.jit
def batched_matmul_kernel(x_desc, w_desc, y_desc, M, N, K,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                          BLOCK_K: tl.constexpr):
    """Y[e] = X[e] @ W[e]^T for each expert e (program axis 1): X [E, M, K],
    W [E, N, K] and Y [E, M, N], one BLOCK_M x BLOCK_N tile of Y per
    program."""
    pid = tl.program_id(axis=0)
    e = tl.program_id(axis=1)
    tiles_n = tl.cdiv(N, BLOCK_N)
    off_m = pid // tiles_n * BLOCK_M
    off_n = pid % tiles_n * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        x = x_desc.load([e, off_m, k]).reshape(BLOCK_M, BLOCK_K)
        w = w_desc.load([e, off_n, k]).reshape(BLOCK_N, BLOCK_K)
        acc = tl.dot(x, w.T, acc)
    y = acc.to(y_desc.dtype).reshape(1, BLOCK_M, BLOCK_N)
    y_desc.store([e, off_m, off_n], y)
