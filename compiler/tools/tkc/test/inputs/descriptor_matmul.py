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


@triton.jit
def batched_kernel(a, b, c, BATCH, M, N, K, BLOCK_M: tl.constexpr,
                   BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # The same product with descriptors made in the kernel: A holds BATCH
    # matrices of M rows one after another, B is K x N in rows of 2 * N.
    a_desc = tl.make_tensor_descriptor(a, shape=[BATCH * M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b, shape=[K, N], strides=[N * 2, 1],
                                       block_shape=[BLOCK_K, BLOCK_N])
    tiles_n = tl.cdiv(N, BLOCK_N)
    m = tl.program_id(0) // tiles_n * BLOCK_M
    n = tl.program_id(0) % tiles_n * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        acc = tl.dot(a_desc.load([m, k]), b_desc.load([k, n]), acc)
    offs = (m + tl.arange(0, BLOCK_M))[:, None] * N + n + tl.arange(0, BLOCK_N)
    tl.store(c + offs, acc.to(tl.float16))
