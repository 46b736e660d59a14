# RUN: rm -rf %t && mkdir -p %t
# RUN: tkc compile %s --kernel scaled_exp --signature '*fp16:16, *fp16:16, i32, 64, 1' --emit=ttir 2>&1 | FileCheck %s
# RUN: tkc compile %s --kernel via_try --signature '*fp32:16, i32, 128' --emit=ttir 2>&1 | FileCheck %s --check-prefix=TRY
# RUN: tkc compile %s --kernel via_helpers --signature '*fp32:16, 32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=HELPERS
# RUN: tkc aot -n scaled_exp -s '*fp16:16, *fp16:16, i32' -g 'cdiv(n, BLOCK), 1, 1' -t sm_90a -o %t/scaled %s 2>&1 | FileCheck %s --check-prefix=AOT --allow-empty
# RUN: FileCheck %s --check-prefix=AOT-H < %t/scaled.h
# A kernel that imports Triton through its library's shim (as vLLM's kernels
# do with `from vllm.triton_utils import tl, triton`): tkc follows the shim,
# found from the package root, to Triton's own modules. The shim's
# `if HAS_TRITON:` takes the branch that imports triton.language (HAS_TRITON
# comes from `.probe`, and is never evaluated), the try/except one in
# `fallback` the branch that imports triton; so `@triton.autotune`,
# `@triton.heuristics`, `tl.*`, `tldevice.*` and the shim's own constants all
# work, with no note that a module was not found. `mathops` picks its
# helpers under module-level try and if.
from shimlib.tritonshim import LOG2E, tl, tldevice, triton
from shimlib.tritonshim import fallback
from shimlib.ops import mathops


# CHECK-NOT: note: tkc found no module
# CHECK-NOT: error
# AOT-NOT: note: tkc found no module
# AOT-NOT: decorator '@{{.*}}' is ignored
# AOT-NOT: error
# AOT-H: Compiled in: BLOCK = 64 (config 0), 128 (config 1), EVEN = False or True.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 64}, num_warps=2),
        triton.Config({"BLOCK": 128}, num_warps=4),
    ],
    key=["n"],
)
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def scaled_exp(x_ptr, y_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    # CHECK-LABEL: func.func @scaled_exp
    # CHECK: arith.constant dense<1.44269502> : tensor<64xf32>
    # CHECK: math.exp2
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        x = tl.load(x_ptr + offs).to(tl.float32)
    else:
        x = tl.load(x_ptr + offs, mask=offs < n).to(tl.float32)
    y = tldevice.exp2(x * LOG2E)
    tl.store(y_ptr + offs, y.to(tl.float16), mask=offs < n)


@triton.jit
def via_try(p, n, BLOCK: tl.constexpr):
    # TRY-NOT: note: tkc found no module
    # TRY-LABEL: func.func @via_try
    # TRY: tkc.load
    # TRY: tkc.store
    t = fallback.tl
    offs = tl.program_id(0) * BLOCK + t.arange(0, BLOCK)
    t.store(p + offs, t.load(p + offs, mask=offs < n) + 1.0, mask=offs < n)


@triton.jit
def via_helpers(p, BLOCK: tl.constexpr):
    # HELPERS-NOT: error
    # HELPERS-LABEL: func.func @via_helpers
    # HELPERS: math.exp2
    # HELPERS: arith.select
    offs = tl.arange(0, BLOCK)
    x = mathops.exp2(tl.load(p + offs))
    tl.store(p + offs, mathops.softplus(x))
