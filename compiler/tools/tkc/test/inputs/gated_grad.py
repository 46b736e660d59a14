"""The backward of a SiLU-gated product, one row per program, written over
the gate and up inputs, the gate scaled: a row of 16384 elements in 16 warps, whose
registers alone keep one program per SM (compile-spills.test)."""

import triton
import triton.language as tl


@triton.jit
def gated_grad(dy_ptr, gate_ptr, up_ptr, stride, scale, N: tl.constexpr,
               BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    dy_ptr += row * stride
    gate_ptr += row * stride
    up_ptr += row * stride
    offsets = tl.arange(0, BLOCK)
    mask = offsets < N
    dy = tl.load(dy_ptr + offsets, mask=mask, other=0)
    gate = tl.load(gate_ptr + offsets, mask=mask, other=0).to(tl.float32) * scale
    up = tl.load(up_ptr + offsets, mask=mask, other=0)
    sig = tl.sigmoid(gate)
    act = gate * sig
    d_up = dy * act
    d_gate = dy * (act * (1 - sig) + sig) * up * scale
    tl.store(gate_ptr + offsets, d_gate, mask=mask)
    tl.store(up_ptr + offsets, d_up, mask=mask)
