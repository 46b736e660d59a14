# RUN: tkc compile %s --kernel methods --signature '*fp32:16, *i32:16, 16' --emit=ttir | FileCheck %s
# RUN: tkc compile %s --kernel dtype_calls --signature '*fp32, *fp64, *fp16' --emit=ttir | FileCheck %s --check-prefix=DTYPES
# RUN: not tkc compile %s --kernel unsupported_method --signature '*fp32:16, 16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not tkc compile %s --kernel descriptor_load --signature '*fp16, *fp16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=DESC
# RUN: not tkc compile %s --kernel dtype_call_args --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=DTYPECALL
# The methods of Triton's tl.tensor, each forwarding to its tl function
# through the builtin table, and the attributes .T, .dtype and .shape. Also
# dtypes called as functions (`tl.float32(0.0)`), as kernel libraries write
# the initial values of loop-carried scalars.
import triton
import triton.language as tl


@triton.jit
def methods(p, q, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    pid = tl.program_id(0).cast(tl.int64)
    x = tl.load(p + pid * BLOCK + offs[:, None] * BLOCK + offs[None, :])
    a = x.to(tl.float16).to(tl.float32)
    bits = x.to(tl.int32, bitcast=True)
    i = x.cast(tl.int32)
    s = x.sum(axis=1) + x.max(axis=0) + x.min(axis=1)
    am = x.argmax(axis=1) + x.argmin(axis=0)
    r = x.reshape(BLOCK * BLOCK) + x.view(BLOCK * BLOCK)
    t = x.trans() + x.permute(1, 0) + x.T
    b = s.expand_dims(1).broadcast_to(BLOCK, BLOCK)
    c = x.cumsum(axis=1)
    e = x.sigmoid() + x.exp() + x.log() + x.sqrt() + x.abs() + x.exp2()
    m = (x > 0).logical_and(x < 1).logical_or(x == 2)
    y = a + t + b + c + e + bits.to(tl.float32) + i.to(tl.float32)
    ptrs = p + offs[:, None] * BLOCK + offs[None, :]
    ptrs.store(tl.where(m, y, 0.0))
    (q + offs).store(am)
    (p + tl.arange(0, BLOCK * BLOCK)).store(r)
    tl.static_assert(x.dtype == tl.float32)
    tl.static_assert(x.shape[0] == BLOCK)
    tl.static_assert(x.T.shape[1] == BLOCK)
# CHECK-LABEL: func.func @methods
# CHECK: arith.extsi %{{.*}} : i32 to i64
# CHECK: %[[X:.*]] = tkc.load
# CHECK: arith.truncf %[[X]] : tensor<16x16xf32> to tensor<16x16xf16>
# CHECK: arith.bitcast %[[X]] : tensor<16x16xf32> to tensor<16x16xi32>
# CHECK: arith.fptosi %[[X]] : tensor<16x16xf32> to tensor<16x16xi32>
# CHECK-COUNT-3: tkc.reduce
# CHECK-COUNT-2: tkc.reduce
# CHECK: %[[R:.*]] = tkc.reshape %[[X]] : tensor<16x16xf32> -> tensor<256xf32>
# CHECK: %[[V:.*]] = tkc.reshape %[[X]] allow_reorder : tensor<16x16xf32> -> tensor<256xf32>
# CHECK: %[[FLAT:.*]] = arith.addf %[[R]], %[[V]] : tensor<256xf32>
# CHECK: tkc.trans %[[X]]
# CHECK: tkc.expand_dims
# CHECK: tkc.broadcast
# CHECK: tkc.scan
# CHECK: math.exp
# CHECK: math.log
# CHECK: math.sqrt
# CHECK: math.absf
# CHECK: math.exp2
# CHECK: arith.andi
# CHECK: arith.ori
# CHECK: tkc.store
# CHECK: tkc.store
# CHECK: tkc.store %{{.*}}, %[[FLAT]] : tensor<256x!tkc.ptr<f32>>


@triton.jit
def dtype_calls(p, q, h):
    m = tl.float32(-float("inf"))
    tl.store(p, tl.maximum(m, tl.load(p)))
    tl.store(q, tl.float64(1e300))
    tl.store(h, tl.float16(tl.load(p)))
# DTYPES-LABEL: func.func @dtype_calls
# DTYPES-DAG: arith.constant 0xFF800000 : f32
# DTYPES-DAG: arith.constant 1.000000e+300 : f64
# DTYPES: arith.maxnumf
# DTYPES: arith.truncf %{{.*}} : f32 to f16


@triton.jit
def unsupported_method(p, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    tl.store(p + tl.arange(0, BLOCK), x.topk(4))
# UNKNOWN: methods.py:[[@LINE-1]]:41: error: a block has no attribute 'topk'


@triton.jit
def dtype_call_args(p):
    tl.store(p, tl.float32(1.0, 2.0))
# DTYPECALL: methods.py:[[@LINE-1]]:17: error: dtype fp32 takes one positional argument, as in tl.float32(0.0)


@triton.jit
def descriptor_load(desc, out):
    tl.store(out, desc.load([0, 0]))
# DESC: methods.py:[[@LINE-1]]:24: error: pointers have no method 'load'; for a tensor descriptor parameter, give it a signature entry such as 'tensordesc<fp16[64, 64]>' (its block shape)
