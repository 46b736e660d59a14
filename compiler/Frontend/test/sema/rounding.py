# RUN: tkc compile %s --kernel to_zero --signature '*fp32:16, *fp16:16, *bf16:16' --emit=ttir | FileCheck %s
# RUN: not tkc compile %s --kernel widening --signature '*fp16:16, *fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=WIDEN
# RUN: not tkc compile %s --kernel to_fp8 --signature '*fp32:16, *fp8e5:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=FP8
# RUN: not tkc compile %s --kernel unknown_mode --signature '*fp32:16, *fp16:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=MODE
# fp_downcast_rounding: 'rtne' (the default) and 'rtz' for narrowing float
# conversions. Round toward zero is round to nearest even, then one step
# toward zero (the narrow bit pattern minus one) where that rounded away
# from zero.
import triton
import triton.language as tl


@triton.jit
def to_zero(x_ptr, h_ptr, b_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    tl.store(h_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz"))
    tl.store(b_ptr + offs, tl.cast(x, tl.bfloat16, fp_downcast_rounding="rtz"))
    # A bitcast keeps the bits whatever the rounding (the round trip folds),
    # and a cast to the input's own dtype its value, even where the rounding
    # is no mode at all (Triton's conversion tests pass a number).
    bits = x.to(tl.int32, bitcast=True, fp_downcast_rounding=1)
    same = bits.to(tl.float32, bitcast=True).to(tl.float32,
                                                 fp_downcast_rounding=1)
    tl.store(x_ptr + offs, same)

# CHECK-LABEL: func @to_zero
# CHECK: %[[X:.*]] = tkc.load
# CHECK: %[[R:.*]] = arith.truncf %[[X]] : tensor<128xf32> to tensor<128xf16>
# CHECK: %[[BACK:.*]] = arith.extf %[[R]] : tensor<128xf16> to tensor<128xf32>
# CHECK-DAG: %[[AX:.*]] = math.absf %[[X]] : tensor<128xf32>
# CHECK-DAG: %[[AB:.*]] = math.absf %[[BACK]] : tensor<128xf32>
# CHECK: %[[AWAY:.*]] = arith.cmpf ogt, %[[AB]], %[[AX]] : tensor<128xf32>
# CHECK: %[[BITS:.*]] = arith.bitcast %[[R]] : tensor<128xf16> to tensor<128xi16>
# CHECK: %[[DOWN:.*]] = arith.subi %[[BITS]], %{{.*}} : tensor<128xi16>
# CHECK: %[[STEP:.*]] = arith.bitcast %[[DOWN]] : tensor<128xi16> to tensor<128xf16>
# CHECK: %[[H:.*]] = arith.select %[[AWAY]], %[[STEP]], %[[R]] : tensor<128xi1>, tensor<128xf16>
# CHECK: tkc.store %{{.*}}, %[[H]]
# CHECK: arith.truncf %[[X]] : tensor<128xf32> to tensor<128xbf16>
# CHECK: arith.select %{{.*}} : tensor<128xi1>, tensor<128xbf16>
# CHECK: tkc.store %{{.*}}, %[[X]] : tensor<128x!tkc.ptr<f32>>


@triton.jit
def widening(x_ptr, y_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    # WIDEN: rounding.py:[[@LINE+1]]:{{[0-9]+}}: error: fp_downcast_rounding applies to narrowing float conversions, not fp16 to fp32
    tl.store(y_ptr + offs, x.to(tl.float32, fp_downcast_rounding="rtz"))


@triton.jit
def to_fp8(x_ptr, y_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    # FP8: rounding.py:[[@LINE+1]]:{{[0-9]+}}: error: fp_downcast_rounding='rtz' to fp8e5 is not supported yet
    tl.store(y_ptr + offs, x.to(tl.float8e5, fp_downcast_rounding="rtz"))


@triton.jit
def unknown_mode(x_ptr, y_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    # MODE: rounding.py:[[@LINE+1]]:{{[0-9]+}}: error: fp_downcast_rounding must be 'rtne' or 'rtz', got 'rtp'
    tl.store(y_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtp"))
