# RUN: tkc compile %s --kernel typed --signature '*fp32:16, *i32:16, *u32:16, *i64:16, *fp64:16' --emit=ttir | FileCheck %s --check-prefix=TYPED
# RUN: tkc compile %s --kernel typed --signature '*fp32:16, *i32:16, *u32:16, *i64:16, *fp64:16' --target sm_90a --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: tkc compile %s --kernel bits --signature '*fp32:16, *fp64:16' --target gfx942 --emit=ttir | FileCheck %s --check-prefix=BITS
# RUN: not tkc compile %s --kernel typed --signature '*fp32:16, *i32:16, *u32:16, *i64:16, *fp64:16' --target gfx942 --emit=ttir 2>&1 | FileCheck %s --check-prefix=AMD
# RUN: tkc compile %s --kernel user_table --signature '*u32:16' --emit=ttir | FileCheck %s --check-prefix=USER
# RUN: not tkc compile %s --kernel wrong_type --signature '*i32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=WRONG
# libdevice's functions of integers, conversions and rounding modes: the
# libdevice symbol for the arguments' dtypes (signed or unsigned, 32 or 64
# bits, fp32 or fp64), with arguments of one dtype promoted to a common
# one; NVIDIA's library alone has them. Its reinterpretations of bits are
# bitcasts on every target.
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def typed(f, i, u, l, d):
    offs = tl.arange(0, 64)
    x = tl.load(f + offs)
    n = tl.load(i + offs)
    m = tl.load(u + offs)
    w = tl.load(l + offs)
    y = tl.load(d + offs)
    # TYPED: tkc.extern_elementwise "__nv_float2int_rn"({{.*}}) : tensor<64xf32> -> tensor<64xi32>
    tl.store(i + offs, libdevice.float2int_rn(x))
    # TYPED: tkc.extern_elementwise "__nv_mulhi"({{.*}}) : tensor<64xi32>, tensor<64xi32> -> tensor<64xi32>
    tl.store(i + offs, libdevice.mulhi(n, n))
    # TYPED: tkc.extern_elementwise "__nv_umulhi"({{.*}}) : tensor<64xi32>, tensor<64xi32> -> tensor<64xi32>
    tl.store(u + offs, libdevice.mulhi(m, m))
    # TYPED: tkc.extern_elementwise "__nv_brevll"({{.*}}) : tensor<64xi64> -> tensor<64xi64>
    tl.store(l + offs, libdevice.brev(w))
    # A float constant is promoted with x: fp32.
    # TYPED: tkc.extern_elementwise "__nv_fadd_rz"({{.*}}) : tensor<64xf32>, tensor<64xf32> -> tensor<64xf32>
    tl.store(f + offs, libdevice.add_rz(x, 1.5))
    # TYPED: tkc.extern_elementwise "__nv_dsqrt_ru"({{.*}}) : tensor<64xf64> -> tensor<64xf64>
    tl.store(d + offs, libdevice.sqrt_ru(y))
    # An int32 order beside an fp32 argument: not promoted.
    # TYPED: tkc.extern_elementwise "__nv_jnf"({{.*}}) : tensor<64xi32>, tensor<64xf32> -> tensor<64xf32>
    tl.store(f + offs, libdevice.jn(2, x))
    # TYPED: tkc.extern_elementwise "__nv_norm4df"({{.*}}) : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32> -> tensor<64xf32>
    tl.store(f + offs, libdevice.norm4d(x, x, x, x))
    # TYPED: tkc.extern_elementwise "__nv_ull2float_rd"({{.*}}) : tensor<64xi64> -> tensor<64xf32>
    tl.store(f + offs, libdevice.ull2float_rd(w.to(tl.uint64)))
    # libdevice's bodies are linked in and inlined: the rounding conversions
    # and the high half of a product are single PTX instructions.
    # (fp32 flushes subnormals, as Triton's libdevice calls do.)
    # PTX: cvt.rni.ftz.s32.f32
    # PTX: mul.hi.s32
    # PTX: mul.hi.u32
    # PTX: brev.b64
    # PTX: add.rz.ftz.f32
    # PTX: sqrt.rp.f64
    # PTX: cvt.rm.f32.u64
    # PTX-NOT: call


@triton.jit
def bits(f, d):
    offs = tl.arange(0, 64)
    x = tl.load(f + offs)
    y = tl.load(d + offs)
    # BITS: arith.bitcast {{.*}} : tensor<64xf32> to tensor<64xi32>
    # BITS: arith.bitcast {{.*}} : tensor<64xi32> to tensor<64xf32>
    tl.store(f + offs, libdevice.int_as_float(libdevice.float_as_int(x) & 0x7FFFFFFF))
    # The high and the low half of y's bits, back together.
    # BITS: %[[Y:.*]] = arith.bitcast {{.*}} : tensor<64xf64> to tensor<64xi64>
    # BITS: %[[HIGH:.*]] = arith.shrui %[[Y]]
    # BITS: arith.trunci %[[HIGH]] : tensor<64xi64> to tensor<64xi32>
    # BITS: arith.trunci %[[Y]] : tensor<64xi64> to tensor<64xi32>
    # BITS: arith.shli
    # BITS: arith.ori
    # BITS: arith.bitcast {{.*}} : tensor<64xi64> to tensor<64xf64>
    tl.store(d + offs, libdevice.hiloint2double(libdevice.double2hiint(y),
                                                libdevice.double2loint(y)))


@triton.jit
def user_table(u):
    # A library's own table naming a libdevice symbol (its @core.extern
    # wrappers): that overload.
    offs = tl.arange(0, 64)
    m = tl.load(u + offs)
    # USER: tkc.extern_elementwise "__nv_umulhi"({{.*}}) : tensor<64xi32>, tensor<64xi32> -> tensor<64xi32>
    tl.store(u + offs, tl.extern_elementwise(
        "", "", [m, m], {(tl.uint32, tl.uint32): ("__nv_umulhi", tl.uint32)},
        is_pure=True))


@triton.jit
def wrong_type(i):
    n = tl.load(i)
    # WRONG: libdevice-nvidia.py:[[@LINE+1]]:17: error: libdevice.float2int_rn takes (fp32), not (int32)
    tl.store(i, libdevice.float2int_rn(n))
# AMD: libdevice-nvidia.py:{{[0-9]+}}:{{[0-9]+}}: error: libdevice.float2int_rn is a function of NVIDIA's libdevice alone: ROCm's device libraries have none like it, nor has Triton's AMD libdevice
