# Tensor descriptors: kernels that take them as parameters (Triton's
# TensorDescriptor; signature `tensordesc<fp32[32, 64]>`), which tkc passes
# as base, shape and strides, and kernels that make them
# (tl.make_tensor_descriptor) to gather, scatter and add atomically or to
# multiply. tkc lowers their accesses to masked ones on every target, except
# that on sm_90a the blocks a matmul's loop reads through a descriptor that
# is the same in every program (a parameter, or one made of the kernel's
# arguments) are copied through tensor maps (TMA) (with --tensor-stores,
# the blocks stored through one too). tkc compiles this file
# ahead of time (kernels/BUILD); it must stay plain Triton Python.
import triton
import triton.language as tl


@triton.jit
def scale_tiles_kernel(in_desc, out_desc, M, N, scale,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """out = in * scale over an M x N matrix, one BLOCK_M x BLOCK_N tile
    per program; the descriptors mask the tiles at the edges."""
    tiles_n = tl.cdiv(N, BLOCK_N)
    m = tl.program_id(axis=0) // tiles_n * BLOCK_M
    n = tl.program_id(axis=0) % tiles_n * BLOCK_N
    tile = in_desc.load([m, n])
    out_desc.store([m, n], (tile * scale).to(out_desc.dtype))


@triton.jit
def tile_matmul_kernel(a_desc, b_desc, c_desc, M, N, K,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr):
    """C = A @ B^T for A (M x K), B (N x K) and C (M x N) passed as
    descriptors, one BLOCK_M x BLOCK_N tile of C per program, as Triton's
    persistent-matmul tutorial reads them: the loop over K reads tiles
    whose elements past K (or past M or N) the descriptors give as zeros."""
    tiles_n = tl.cdiv(N, BLOCK_N)
    m = tl.program_id(axis=0) // tiles_n * BLOCK_M
    n = tl.program_id(axis=0) % tiles_n * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = a_desc.load([m, k])
        b = b_desc.load([n, k])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([m, n], acc)


@triton.jit
def tile_matmul_kn_kernel(a_desc, b_desc, c_desc, M, N, K,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                          BLOCK_K: tl.constexpr):
    """C = A @ B for A (M x K), B (K x N) and C (M x N) passed as
    descriptors, one BLOCK_M x BLOCK_N tile of C per program: B's blocks
    are read as they lie, rows along N."""
    tiles_n = tl.cdiv(N, BLOCK_N)
    m = tl.program_id(axis=0) // tiles_n * BLOCK_M
    n = tl.program_id(axis=0) % tiles_n * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = a_desc.load([m, k])
        b = b_desc.load([k, n])
        acc = tl.dot(a, b, acc)
    c_desc.store([m, n], acc)


@triton.jit
def batched_matmul_kernel(a_desc, b_desc, c_desc, M, N, K, B,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                          BLOCK_K: tl.constexpr):
    """C[i] = A[i] @ B[i] for B batches of A (M x K), B (K x N) and C
    (M x N) passed as 3-D descriptors whose blocks are one matrix's tile
    ([1, BLOCK_M, BLOCK_K]), reshaped to 2-D for the product, as
    triton_kernels' matmul reads its batched operands; programs (tile,
    batch)."""
    tiles_n = tl.cdiv(N, BLOCK_N)
    m = tl.program_id(axis=0) // tiles_n * BLOCK_M
    n = tl.program_id(axis=0) % tiles_n * BLOCK_N
    i = tl.program_id(axis=1)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = a_desc.load([i, m, k]).reshape(BLOCK_M, BLOCK_K)
        b = b_desc.load([i, k, n]).reshape(BLOCK_K, BLOCK_N)
        acc = tl.dot(a, b, acc)
    c_desc.store([i, m, n], acc.reshape(1, BLOCK_M, BLOCK_N))


@triton.jit
def made_matmul_kernel(a, b, c, M, N, K, stride_am, stride_bk, stride_cm,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr):
    """tile_matmul_kn_kernel's product through descriptors made in the
    kernel from its pointers, extents and row strides, as the descriptor
    variants of Triton's persistent-matmul tutorial make them."""
    a_desc = tl.make_tensor_descriptor(a, shape=[M, K], strides=[stride_am, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b, shape=[K, N], strides=[stride_bk, 1],
                                       block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c, shape=[M, N], strides=[stride_cm, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    tiles_n = tl.cdiv(N, BLOCK_N)
    m = tl.program_id(axis=0) // tiles_n * BLOCK_M
    n = tl.program_id(axis=0) % tiles_n * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        acc = tl.dot(a_desc.load([m, k]), b_desc.load([k, n]), acc)
    c_desc.store([m, n], acc)


@triton.jit
def move_rows_kernel(src, dst, src_rows, dst_rows, M, N, n_rows,
                     BLOCK_ROWS: tl.constexpr, BLOCK_N: tl.constexpr):
    """dst[dst_rows[i], :] = 2 * src[src_rows[i], :] for i < n_rows, over M x
    N fp32 matrices: a descriptor's gather and scatter. A source row outside
    [0, M) reads as zeros; a destination row outside it is not written."""
    tiles_n = tl.cdiv(N, BLOCK_N)
    i = (tl.program_id(axis=0) // tiles_n * BLOCK_ROWS
         + tl.arange(0, BLOCK_ROWS))
    n = tl.program_id(axis=0) % tiles_n * BLOCK_N
    s = tl.load(src_rows + i, mask=i < n_rows, other=-1)
    d = tl.load(dst_rows + i, mask=i < n_rows, other=-1)
    src_desc = tl.make_tensor_descriptor(src, shape=[M, N], strides=[N, 1],
                                         block_shape=[1, BLOCK_N])
    dst_desc = tl.make_tensor_descriptor(dst, shape=[M, N], strides=[N, 1],
                                         block_shape=[1, BLOCK_N])
    dst_desc.scatter(src_desc.gather(s, n) * 2.0, d, n)


@triton.jit
def column_sums_kernel(x, sums, M, N,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """sums[0, :] += the column sums of an M x N fp32 matrix, one BLOCK_M x
    BLOCK_N tile per program: a descriptor's atomic_add of a 1 x BLOCK_N
    block, whose columns past N are left alone."""
    tiles_n = tl.cdiv(N, BLOCK_N)
    m = tl.program_id(axis=0) // tiles_n * BLOCK_M
    n = tl.program_id(axis=0) % tiles_n * BLOCK_N
    x_desc = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    sums_desc = tl.make_tensor_descriptor(sums, shape=[1, N], strides=[N, 1],
                                          block_shape=[1, BLOCK_N])
    tile = x_desc.load([m, n])
    sums_desc.atomic_add([0, n], tl.sum(tile, axis=0)[None, :])
