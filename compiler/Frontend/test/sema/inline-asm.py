# RUN: tkc compile %s --kernel asm --signature '*u32:16, u32, 64' --emit=ttir | FileCheck %s
# RUN: not tkc compile %s --kernel bad_dtype --signature '*u32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=DTYPE
# RUN: not tkc compile %s --kernel bad_pack --signature '*u32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=PACK
# RUN: tkc compile %s --kernel outer --signature '*u32:16' --emit=ttir | FileCheck %s --check-prefix=OUTER
# tl.inline_asm_elementwise: the arguments broadcast to one shape (a scalar
# divisor to the block), one result per dtype (a tuple for a sequence),
# is_pure and pack as attributes; no arguments give a scalar.
import triton
import triton.language as tl


@triton.jit
def asm(p, d, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    # CHECK: %[[D:.*]] = tkc.splat %arg1 : tensor<64xi32>
    # CHECK: tkc.elementwise_inline_asm "div.u32 $0, $2, $3; rem.u32 $1, $2, $3;" {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %{{.*}}, %[[D]] : tensor<64xi32>, tensor<64xi32> -> tensor<64xi32>, tensor<64xi32>
    q, r = tl.inline_asm_elementwise("div.u32 $0, $2, $3; rem.u32 $1, $2, $3;", "=r,=r,r,r", [x, d], dtype=(tl.uint32, tl.uint32), is_pure=True, pack=1)
    # CHECK: tkc.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    t = tl.inline_asm_elementwise("mov.u32 $0, %clock;", "=r", [], dtype=tl.uint32, is_pure=False, pack=1)
    tl.store(p + tl.arange(0, BLOCK), q + r + t)


@triton.jit
def bad_dtype(p):
    # DTYPE: inline-asm.py:[[@LINE+1]]:9: error: tl.inline_asm_elementwise needs dtype to be a dtype or a sequence of them, got constexpr int 32
    t = tl.inline_asm_elementwise("mov.u32 $0, 1;", "=r", [], dtype=32, is_pure=True, pack=1)
    tl.store(p, t)


@triton.jit
def bad_pack(p):
    # PACK: inline-asm.py:[[@LINE+1]]:9: error: tl.inline_asm_elementwise packs at least one element, got pack=0
    t = tl.inline_asm_elementwise("mov.u32 $0, 1;", "=r", [], dtype=tl.uint32, is_pure=True, pack=0)
    tl.store(p, t)


# Arguments broadcast together: a column and a row give a block.
@triton.jit
def outer(p):
    col = tl.load(p + tl.arange(0, 8))[:, None]
    row = tl.load(p + tl.arange(0, 16))[None, :]
    # OUTER: tkc.elementwise_inline_asm "add.u32 $0, $1, $2;" {{.*}} : tensor<8x16xi32>, tensor<8x16xi32> -> tensor<8x16xi32>
    s = tl.inline_asm_elementwise("add.u32 $0, $1, $2;", "=r,r,r", [col, row], dtype=tl.uint32, is_pure=True, pack=1)
    tl.store(p + tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :], s)
