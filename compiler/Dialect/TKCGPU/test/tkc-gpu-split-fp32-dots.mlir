// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=32" --tkc-gpu-split-fp32-dots="target=cuda:90a" | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=32" --tkc-gpu-split-fp32-dots="target=hip:gfx942" | FileCheck %s --check-prefix=MFMA
// RUN: not tkc-opt %s --split-input-file --tkc-gpu-split-fp32-dots 2>&1 | FileCheck %s --check-prefix=NOTARGET

// NOTARGET: no target given

// tf32x3: each operand is rounded to tf32 (add half a unit of tf32's last
// place, clear the 13 bits below it; NaNs kept) in the layout it had before
// the FMA operand conversion, its rest taken as the low part, and both parts
// converted to that layout. Three tf32 dots, the low parts' first, NaNs of
// their sum zeroed before the high parts' product, the accumulator last.
// On gfx942 fp32 MFMA multiplies exactly: nothing changes.
// CHECK-DAG: #[[DA:.*]] = #tkc_gpu.dot_op<{opIdx = 0
// CHECK-DAG: #[[DB:.*]] = #tkc_gpu.dot_op<{opIdx = 1
// CHECK-LABEL: func.func @tf32x3
// CHECK-SAME: (%[[X:.*]]: tensor<64x32xf32, #[[LX:blocked[0-9]*]]>, %[[Y:.*]]: tensor<32x64xf32, #[[LY:blocked[0-9]*]]>, %[[Z:.*]]: tensor<64x64xf32, #[[LZ:blocked[0-9]*]]>)
// CHECK: %[[ZC:.*]] = tkc_gpu.convert_layout %[[Z]]
// CHECK: %[[HALF:.*]] = arith.constant dense<4096> : tensor<64x32xi32, #[[LX]]>
// CHECK: %[[MASK:.*]] = arith.constant dense<-8192> : tensor<64x32xi32, #[[LX]]>
// CHECK: %[[XB:.*]] = arith.bitcast %[[X]] : tensor<64x32xf32, #[[LX]]> to tensor<64x32xi32, #[[LX]]>
// CHECK: %[[XS:.*]] = arith.addi %[[XB]], %[[HALF]]
// CHECK: %[[XM:.*]] = arith.andi %[[XS]], %[[MASK]]
// CHECK: %[[XNAN:.*]] = arith.cmpf uno, %[[X]], %[[X]]
// CHECK: %[[XR:.*]] = arith.bitcast %[[XM]]
// CHECK: %[[XHI:.*]] = arith.select %[[XNAN]], %[[X]], %[[XR]]
// CHECK: %[[XLO:.*]] = arith.subf %[[X]], %[[XHI]]
// CHECK: %[[AHI:.*]] = tkc_gpu.convert_layout %[[XHI]] : tensor<64x32xf32, #[[LX]]> -> tensor<64x32xf32, #[[DA]]>
// CHECK: %[[ALO:.*]] = tkc_gpu.convert_layout %[[XLO]]
// CHECK: %[[YHI:.*]] = arith.select
// CHECK: %[[YLO:.*]] = arith.subf %[[Y]], %[[YHI]]
// CHECK: %[[BHI:.*]] = tkc_gpu.convert_layout %[[YHI]] : tensor<32x64xf32, #[[LY]]> -> tensor<32x64xf32, #[[DB]]>
// CHECK: %[[BLO:.*]] = tkc_gpu.convert_layout %[[YLO]]
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32
// CHECK: %[[D0:.*]] = tkc.dot %[[ALO]], %[[BHI]], %[[ZERO]] {input_precision = 1 : i32}
// CHECK: %[[D1:.*]] = tkc.dot %[[AHI]], %[[BLO]], %[[D0]] {input_precision = 1 : i32}
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[D1]], %[[D1]]
// CHECK: %[[D1Z:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D1]]
// CHECK: %[[D2:.*]] = tkc.dot %[[AHI]], %[[BHI]], %[[D1Z]] {input_precision = 1 : i32}
// CHECK: %[[D:.*]] = arith.addf %[[D2]], %[[ZC]]
// CHECK: %[[R:.*]] = tkc_gpu.convert_layout %[[D]]
// CHECK: return %[[R]]
// CHECK-NOT: tkc.dot
// MFMA-LABEL: func.func @tf32x3
// MFMA: tkc.dot {{.*}} {input_precision = 2 : i32}
// MFMA-NOT: tkc.dot
func.func @tf32x3(%x: tensor<64x32xf32>, %y: tensor<32x64xf32>, %z: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tkc.dot %x, %y, %z {input_precision = 2 : i32} : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// -----

// bf16x6: three bf16 parts of each operand (each the rest of the one before
// rounded to bf16), six bf16 dots: mid x mid, lo x hi, hi x lo, mid x hi,
// hi x mid, then hi x hi after the NaNs are zeroed.
// CHECK-LABEL: func.func @bf16x6
// CHECK: %[[XHI:.*]] = arith.truncf %{{.*}} : tensor<64x32xf32, {{.*}}> to tensor<64x32xbf16
// CHECK: %[[XR1:.*]] = arith.subf
// CHECK: %[[XMID:.*]] = arith.truncf %[[XR1]]
// CHECK: %[[XR2:.*]] = arith.subf %[[XR1]]
// CHECK: %[[XLO:.*]] = arith.truncf %[[XR2]]
// CHECK: %[[AHI:.*]] = tkc_gpu.convert_layout %[[XHI]]
// CHECK: %[[AMID:.*]] = tkc_gpu.convert_layout %[[XMID]]
// CHECK: %[[ALO:.*]] = tkc_gpu.convert_layout %[[XLO]]
// CHECK: %[[BHI:.*]] = tkc_gpu.convert_layout {{.*}} -> tensor<32x64xbf16
// CHECK: %[[BMID:.*]] = tkc_gpu.convert_layout
// CHECK: %[[BLO:.*]] = tkc_gpu.convert_layout
// CHECK: %[[D0:.*]] = tkc.dot %[[AMID]], %[[BMID]], %{{.*}} : tensor<64x32xbf16
// CHECK: %[[D1:.*]] = tkc.dot %[[ALO]], %[[BHI]], %[[D0]]
// CHECK: %[[D2:.*]] = tkc.dot %[[AHI]], %[[BLO]], %[[D1]]
// CHECK: %[[D3:.*]] = tkc.dot %[[AMID]], %[[BHI]], %[[D2]]
// CHECK: %[[D4:.*]] = tkc.dot %[[AHI]], %[[BMID]], %[[D3]]
// CHECK: arith.cmpf uno, %[[D4]], %[[D4]]
// CHECK: %[[D5:.*]] = tkc.dot %[[AHI]], %[[BHI]]
// CHECK: arith.addf %[[D5]]
// CHECK-NOT: tkc.dot
// MFMA-LABEL: func.func @bf16x6
// MFMA: tkc.dot {{.*}} {input_precision = 5 : i32}
// MFMA-NOT: tkc.dot
func.func @bf16x6(%x: tensor<64x32xf32>, %y: tensor<32x64xf32>, %z: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tkc.dot %x, %y, %z {input_precision = 5 : i32} : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// -----

// bf16x3: two bf16 parts, three dots. A K of 4 fits no tf32 or bf16
// instruction (K 8 and 16): that dot stays whole, for the FMA path.
// CHECK-LABEL: func.func @bf16x3
// CHECK: tkc.dot {{.*}} : tensor<64x32xbf16
// CHECK: tkc.dot {{.*}} : tensor<64x32xbf16
// CHECK: arith.cmpf uno
// CHECK: tkc.dot {{.*}} : tensor<64x32xbf16
// CHECK: arith.addf
// CHECK: tkc.dot {{.*}} {input_precision = 4 : i32} : tensor<64x4xf32
// CHECK-NOT: tkc.dot
// MFMA-LABEL: func.func @bf16x3
func.func @bf16x3(%x: tensor<64x32xf32>, %y: tensor<32x64xf32>, %z: tensor<64x64xf32>, %u: tensor<64x4xf32>, %v: tensor<4x64xf32>) -> tensor<64x64xf32> {
  %d = tkc.dot %x, %y, %z {input_precision = 4 : i32} : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  %e = tkc.dot %u, %v, %d {input_precision = 4 : i32} : tensor<64x4xf32> * tensor<4x64xf32> -> tensor<64x64xf32>
  return %e : tensor<64x64xf32>
}

// -----

// One operand twice (x @ x): its parts serve both sides, its conversion goes.
// CHECK-LABEL: func.func @square
// CHECK-NOT: tkc_gpu.convert_layout %arg0 : {{.*}} -> {{.*}}xf32, #dot_op
// CHECK: tkc.dot
// CHECK: tkc.dot
// CHECK: tkc.dot
// CHECK-NOT: tkc.dot
func.func @square(%x: tensor<32x32xf32>, %z: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tkc.dot %x, %x, %z {input_precision = 2 : i32} : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  return %d : tensor<32x32xf32>
}
