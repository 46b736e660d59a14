# Kernels built on tl.inline_asm_elementwise with NVIDIA PTX (so built for
# NVIDIA targets only, kernels/BUILD): a funnel shift of three operands, a
# byte-wise add of uint8 values packed four to a register, and two results
# from one asm. tkc compiles this file ahead of time; it must stay plain
# Triton Python.
import triton
import triton.language as tl


@triton.jit
def funnel_shift_kernel(lo_ptr, hi_ptr, shift_ptr, out_ptr, n_elements,
                        BLOCK_SIZE: tl.constexpr):
    """out = the high word of ((hi:lo) << (shift % 32))."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    lo = tl.load(lo_ptr + offsets, mask=mask)
    hi = tl.load(hi_ptr + offsets, mask=mask)
    shift = tl.load(shift_ptr + offsets, mask=mask)
    out = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $2, $3;",
                                    "=r,r,r,r", [lo, hi, shift],
                                    dtype=tl.int32, is_pure=True, pack=1)
    tl.store(out_ptr + offsets, out, mask=mask)


@triton.jit
def byte_add_kernel(x_ptr, y_ptr, out_ptr, n_elements,
                    BLOCK_SIZE: tl.constexpr):
    """out = x + y per uint8 element (wrapping), four bytes per asm."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    # SWAR: the low seven bits of each byte added, the top bits xored in.
    out = tl.inline_asm_elementwise(
        "{ .reg .b32 a, b, c; "
        "and.b32 a, $1, 0x7f7f7f7f; and.b32 b, $2, 0x7f7f7f7f; "
        "add.u32 a, a, b; xor.b32 c, $1, $2; and.b32 c, c, 0x80808080; "
        "xor.b32 $0, a, c; }",
        "=r,r,r", [x, y], dtype=tl.uint8, is_pure=True, pack=4)
    tl.store(out_ptr + offsets, out, mask=mask)


@triton.jit
def div_mod_kernel(x_ptr, quotient_ptr, remainder_ptr, n_elements, divisor,
                   BLOCK_SIZE: tl.constexpr):
    """quotient, remainder = x / divisor, x % divisor (unsigned), from one
    asm with two outputs."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    q, r = tl.inline_asm_elementwise("div.u32 $0, $2, $3; rem.u32 $1, $2, $3;",
                                     "=r,=r,r,r", [x, divisor],
                                     dtype=(tl.uint32, tl.uint32),
                                     is_pure=True, pack=1)
    tl.store(quotient_ptr + offsets, q, mask=mask)
    tl.store(remainder_ptr + offsets, r, mask=mask)
