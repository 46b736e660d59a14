# Attention over the key blocks a table names, as block-sparse attention
# (NSA's selected blocks) computes it: a loop whose body loads a K and a V
# block only where the table names one (a run-time `if`, which keeps the
# loads out of the pipeline), two dots, and the online softmax's row
# statistics carried through the loop. tkc compiles this file ahead of time
# (kernels/BUILD); it must stay plain Triton Python.
import triton
import triton.language as tl


@triton.jit
def block_attention_kernel(q_ptr, k_ptr, v_ptr, table_ptr, o_ptr, n_rows,
                           scale, M: tl.constexpr, D: tl.constexpr,
                           BS: tl.constexpr, S: tl.constexpr):
    """o[r] = softmax(q[r] . k^T * scale) . v over the keys of the blocks
    (BS keys each) that the S table entries of row block r // M name, for
    the n_rows rows of q; fp16 q, k and v of D columns, fp32 o. A negative
    entry names no block; each row block's table names at least one."""
    pid = tl.program_id(0)
    rows = pid * M + tl.arange(0, M)
    cols = tl.arange(0, D)
    in_rows = rows[:, None] < n_rows
    q = tl.load(q_ptr + rows[:, None] * D + cols[None, :], mask=in_rows,
                other=0.0)
    m_i = tl.full([M], float("-inf"), tl.float32)
    l_i = tl.zeros([M], tl.float32)
    acc = tl.zeros([M, D], tl.float32)
    for i in range(S):
        block = tl.load(table_ptr + pid * S + i)
        if block >= 0:
            keys = block * BS + tl.arange(0, BS)
            kt = tl.load(k_ptr + keys[None, :] * D + cols[:, None])
            v = tl.load(v_ptr + keys[:, None] * D + cols[None, :])
            s = tl.dot(q, kt) * scale
            m_new = tl.maximum(m_i, tl.max(s, 1))
            alpha = tl.exp(m_i - m_new)
            p = tl.exp(s - m_new[:, None])
            l_i = l_i * alpha + tl.sum(p, 1)
            acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
            m_i = m_new
    tl.store(o_ptr + rows[:, None] * D + cols[None, :], acc / l_i[:, None],
             mask=in_rows)
