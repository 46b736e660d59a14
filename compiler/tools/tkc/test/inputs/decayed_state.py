# A gated linear-attention recurrence written here in the style of kernel
# libraries: each program carries a BK x BV state through the sequence in
# chunks of BT, storing it per chunk, decaying it by the chunk's last gate
# and adding k^T v with k scaled by its own decay.
import triton
import triton.language as tl


@triton.jit
def decayed_state_kernel(k, v, g, h, T, K: tl.constexpr, V: tl.constexpr,
                         BT: tl.constexpr, BK: tl.constexpr,
                         BV: tl.constexpr):
    i_k, i_v, i_b = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    o_k = i_k * BK + tl.arange(0, BK)
    o_v = i_v * BV + tl.arange(0, BV)
    chunks = tl.cdiv(T, BT)
    state = tl.zeros([BK, BV], dtype=tl.float32)
    for t in range(chunks):
        o_t = t * BT + tl.arange(0, BT)
        m_t = o_t < T
        p_h = h + ((i_b * chunks + t) * K + o_k[:, None]) * V + o_v[None, :]
        tl.store(p_h, state.to(p_h.dtype.element_ty))
        p_k = k + (i_b * T + o_t[None, :]) * K + o_k[:, None]
        b_k = tl.load(p_k, mask=m_t[None, :], other=0.0)
        p_g = g + (i_b * T + o_t[None, :]) * K + o_k[:, None]
        b_g = tl.load(p_g, mask=m_t[None, :], other=0.0)
        p_v = v + (i_b * T + o_t[:, None]) * V + o_v[None, :]
        b_v = tl.load(p_v, mask=m_t[:, None], other=0.0)
        last = i_b * T + tl.minimum(t * BT + BT, T) - 1
        g_last = tl.load(g + last * K + o_k)
        state *= tl.exp2(g_last)[:, None]
        b_k = (b_k * tl.exp2(g_last[:, None] - b_g)).to(b_k.dtype)
        state += tl.dot(b_k, b_v)
