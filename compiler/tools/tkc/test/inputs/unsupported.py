# A kernel code generation cannot lower yet (inline assembly packing four
# elements where each thread holds one): it must fail with a diagnostic at
# its source line (compile-unsupported.test).
import triton
import triton.language as tl


@triton.jit
def packed_asm_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=4)
    tl.store(out_ptr + offs, y)
