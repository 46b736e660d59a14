# One tile of a matrix product per program, C = A @ B for row-major A [M, K],
# B [K, N] and C [M, N] whose shapes are the block shapes: the element types
# whose tl.dot accumulates in another type (int8 into int32, fp8 into fp32),
# loaded and multiplied once; and C = A @ B.T for B [N, K], as a linear
# layer multiplies by its weight; and fp32 products at emulated precisions
# (tf32x3, bf16x3, bf16x6) in a K loop; and a chain of two products in a loop
# that skips blocks, as sparse attention does; and a product taken apart in
# halves, as epilogues split their accumulators. tkc compiles this file ahead
# of time (kernels/BUILD); it must stay plain Triton Python.
import triton
import triton.language as tl


@triton.jit
def dot_tile_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                    K: tl.constexpr):
    """Writes A @ B to C, accumulated in C's element type."""
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    ks = tl.arange(0, K)
    a = tl.load(a_ptr + rows[:, None] * K + ks[None, :])
    b = tl.load(b_ptr + ks[:, None] * N + cols[None, :])
    c = tl.dot(a, b, out_dtype=c_ptr.dtype.element_ty)
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], c)


@triton.jit
def dot_tile_nt_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                       K: tl.constexpr, ACC_BOUND: tl.constexpr):
    """Writes A @ B.T to C (B row-major [N, K]), accumulated in C's type;
    fp8 products at reduced precision for at most ACC_BOUND of K at a time
    where ACC_BOUND is positive (else as the target's default)."""
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    ks = tl.arange(0, K)
    a = tl.load(a_ptr + rows[:, None] * K + ks[None, :])
    b = tl.load(b_ptr + cols[:, None] * K + ks[None, :])
    if ACC_BOUND > 0:
        c = tl.dot(a, b.T, out_dtype=c_ptr.dtype.element_ty,
                   max_num_imprecise_acc=ACC_BOUND)
    else:
        c = tl.dot(a, b.T, out_dtype=c_ptr.dtype.element_ty)
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], c)


@triton.jit
def dot_tile_ieee_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr,
                         N: tl.constexpr, K: tl.constexpr):
    """Writes A @ B to C in full fp32 precision (no tf32)."""
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    ks = tl.arange(0, K)
    a = tl.load(a_ptr + rows[:, None] * K + ks[None, :])
    b = tl.load(b_ptr + ks[:, None] * N + cols[None, :])
    c = tl.dot(a, b, input_precision="ieee")
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], c)


@triton.jit
def dot_halves_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                      K: tl.constexpr, INTERLEAVED: tl.constexpr):
    """C = A @ B (fp32) split in two halves of N // 2 columns and written
    side by side: with INTERLEAVED, its even and odd columns (a fused MoE's
    gate and up, acc.reshape(M, N // 2, 2).split()), so that C holds
    [even | odd]; else its left and right halves (tutorial 09's epilogue,
    reshape(M, 2, N // 2), permute, split), so that C is the product."""
    rows = tl.arange(0, M)
    ks = tl.arange(0, K)
    a = tl.load(a_ptr + rows[:, None] * K + ks[None, :])
    b = tl.load(b_ptr + ks[:, None] * N + tl.arange(0, N)[None, :])
    c = tl.dot(a, b)
    if INTERLEAVED:
        left, right = tl.split(tl.reshape(c, (M, N // 2, 2)))
    else:
        left, right = tl.split(tl.permute(tl.reshape(c, (M, 2, N // 2)),
                                          (0, 2, 1)))
    half = tl.arange(0, N // 2)
    tl.store(c_ptr + rows[:, None] * N + half[None, :], left)
    tl.store(c_ptr + rows[:, None] * N + (N // 2 + half)[None, :], right)


@triton.jit
def dot_row_sums_kernel(a_ptr, b_ptr, s_ptr, M: tl.constexpr, N: tl.constexpr,
                        K: tl.constexpr):
    """Writes the row sums of A @ B (fp32) to S [M]: a reduction in the
    product's own layout, which repeats the rows of one with M below 16."""
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    ks = tl.arange(0, K)
    a = tl.load(a_ptr + rows[:, None] * K + ks[None, :])
    b = tl.load(b_ptr + ks[:, None] * N + cols[None, :])
    c = tl.dot(a, b)
    tl.store(s_ptr + rows, tl.sum(c, axis=1))


@triton.jit
def dot_loop_fp32_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr,
                         N: tl.constexpr, K: tl.constexpr,
                         BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    """Writes A @ B to C (fp32), K in steps of BLOCK_K, each step's product
    at input_precision PRECISION and accumulated in the loop."""
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    ks = tl.arange(0, BLOCK_K)
    a_tile = a_ptr + rows[:, None] * K + ks[None, :]
    b_tile = b_ptr + ks[:, None] * N + cols[None, :]
    acc = tl.zeros((M, N), dtype=tl.float32)
    for _ in range(0, K, BLOCK_K):
        acc = tl.dot(tl.load(a_tile), tl.load(b_tile), acc,
                     input_precision=PRECISION)
        a_tile += BLOCK_K
        b_tile += BLOCK_K * N
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], acc)


@triton.jit
def _chain_block(q, acc, k_ptr, v_ptr, j, ds, ns, D: tl.constexpr,
                 BN: tl.constexpr, BLOCKS: tl.constexpr):
    """acc + fp16(Q @ K_j) @ V_j for the j-th blocks of K [D, BLOCKS * BN]
    (columns) and V [BLOCKS * BN, D] (rows)."""
    k = tl.load(k_ptr + ds[:, None] * (BLOCKS * BN) + j * BN + ns[None, :])
    v = tl.load(v_ptr + (j * BN + ns[:, None]) * D + ds[None, :])
    s = tl.dot(q, k)
    return acc + tl.dot(s.to(tl.float16), v)


@triton.jit
def dot_chain_kernel(q_ptr, k_ptr, v_ptr, o_ptr, M: tl.constexpr,
                     D: tl.constexpr, BN: tl.constexpr, BLOCKS: tl.constexpr,
                     SKIP_ODD: tl.constexpr):
    """Writes O = the sum over j of fp16(Q @ K_j) @ V_j (fp32), for Q [M, D],
    K [D, BLOCKS * BN] and V [BLOCKS * BN, D] in fp16 and K_j, V_j their
    j-th blocks of BN columns (rows). Over every block, the pipeliner copies
    K_j and V_j ahead, as in attention's forward. With SKIP_ODD, over even j
    only: the `if` in the loop keeps it from being pipelined, as a sparse
    attention's test of each block does, and its tiles reach the products
    through registers."""
    rows = tl.arange(0, M)
    ds = tl.arange(0, D)
    ns = tl.arange(0, BN)
    q = tl.load(q_ptr + rows[:, None] * D + ds[None, :])
    acc = tl.zeros((M, D), dtype=tl.float32)
    for j in range(BLOCKS):
        if SKIP_ODD:
            if j % 2 == 0:
                acc = _chain_block(q, acc, k_ptr, v_ptr, j, ds, ns, D, BN,
                                   BLOCKS)
        else:
            acc = _chain_block(q, acc, k_ptr, v_ptr, j, ds, ns, D, BN, BLOCKS)
    tl.store(o_ptr + rows[:, None] * D + ds[None, :], acc)
