# RUN: tkc compile %s --kernel guarded --signature '*fp32:16, 64' --target sm_90a --emit=ttir | FileCheck %s --check-prefixes=CHECK,SM90
# RUN: tkc compile %s --kernel guarded --signature '*fp32:16, 64' --target sm_80 --emit=ttir | FileCheck %s --check-prefixes=CHECK,SM80
# RUN: tkc compile %s --kernel guarded --signature '*fp32:16, 64' --target gfx942 --emit=ttir | FileCheck %s --check-prefixes=CHECK,HIP
# triton.language.target_info's questions are constexprs answered for the
# target compiled for (the frontend runs once per target): kernels guard
# instructions only newer chips have with them. tl.add, tl.sub and tl.mul
# are the operators as functions (sanitize_overflow accepted).
import triton
import triton.language as tl
from triton.language.target_info import cuda_capability_geq, is_cuda, is_hip, is_hip_cdna3


# CHECK-LABEL: func.func @guarded
@triton.jit
def guarded(out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if cuda_capability_geq(9, 0):
        v = 90.0
    elif cuda_capability_geq(8):
        v = 80.0
    elif is_hip_cdna3():
        v = 942.0
    else:
        v = -1.0
    if is_cuda() == is_hip():
        v = -2.0
    x = tl.load(out + offs)
    # SM90: arith.constant dense<9.000000e+01>
    # SM80: arith.constant dense<8.000000e+01>
    # HIP: arith.constant dense<9.420000e+02>
    # CHECK: %[[X:.*]] = tkc.load
    # CHECK: arith.mulf %[[X]], %{{.*}} : tensor<64xf32>
    # CHECK: arith.subf %{{.*}}, %{{.*}} : tensor<64xf32>
    y = tl.sub(tl.mul(x, 2.0), v, sanitize_overflow=False)
    tl.store(out + offs, tl.add(y, 1.0))
