# A matmul whose tiles come from tensor descriptor parameters: A (M x K) in
# 128 x 64 blocks, B (K x N) in 64 x 128 blocks, C (M x N) stored through
# its descriptor.
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_desc, b_desc, c_desc, M, N, K, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    tiles_n = tl.cdiv(N, BLOCK_N)
    m = tl.program_id(0) // tiles_n * BLOCK_M
    n = tl.program_id(0) % tiles_n * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        acc = tl.dot(a_desc.load([m, k]), b_desc.load([k, n]), acc)
    c_desc.store([m, n], acc.to(tl.float16))
