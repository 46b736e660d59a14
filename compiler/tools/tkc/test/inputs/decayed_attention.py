# Decayed linear attention written here in the style of kernel libraries:
# each program walks one head's sequence in chunks of C tokens, computing
# the chunk's output from its own keys (a causal, decayed score matrix,
# then scores @ values) and from the state the earlier chunks left (queries
# @ state), then folding the chunk's keys and values into the state. All
# products are fp32 (tf32) of bf16 inputs; the keys are read transposed.
import triton
import triton.language as tl


@triton.jit
def decayed_attention_kernel(q, k, v, out, rate, T, H: tl.constexpr,
                             D: tl.constexpr, E: tl.constexpr,
                             C: tl.constexpr, EB: tl.constexpr):
    head = tl.program_id(0)
    cols = tl.program_id(1) * EB + tl.arange(0, EB)
    base = head * T
    lam = tl.load(rate + head % H)
    pos = tl.arange(0, C)
    d = tl.arange(0, D)
    q_scale = tl.exp(-lam * pos)[:, None]
    k_scale = tl.exp(-lam * (C - pos))[None, :]
    chunk_scale = tl.exp(-lam * C)
    gap = pos[:, None] - pos[None, :]
    causal = tl.exp(tl.where(gap >= 0, -lam * gap, float("-inf")))
    state = tl.zeros([D, EB], dtype=tl.float32)
    rows = pos
    for _ in range(0, T, C):
        live = rows < T
        b_q = tl.load(q + (base + rows)[:, None] * D + d[None, :],
                      mask=live[:, None], other=0.0).to(tl.float32)
        b_kt = tl.load(k + (base + rows)[None, :] * D + d[:, None],
                       mask=live[None, :], other=0.0).to(tl.float32)
        b_v = tl.load(v + (base + rows)[:, None] * E + cols[None, :],
                      mask=live[:, None], other=0.0).to(tl.float32)
        scores = tl.dot(b_q, b_kt) * causal
        b_o = tl.dot(scores, b_v) + tl.dot(b_q, state) * q_scale
        tl.store(out + (base + rows)[:, None] * E + cols[None, :],
                 b_o.to(out.dtype.element_ty), mask=live[:, None])
        state = chunk_scale * state + tl.dot(b_kt * k_scale, b_v)
        rows += C
