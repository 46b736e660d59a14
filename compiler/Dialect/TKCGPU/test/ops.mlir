// RUN: tkc-opt %s | tkc-opt | FileCheck %s
// Layout encodings and convert_layout print and parse back unchanged; the
// operands of a dot print as dot_op aliases of their result's layout.

// CHECK: #[[B:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ACC:.*]] = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[ACC]]}>
// CHECK-DAG: #[[BOP:.*]] = #tkc_gpu.dot_op<{opIdx = 1, parent = #[[ACC]]}>
// CHECK-DAG: #[[MMA:.*]] = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[MA:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>
// CHECK-DAG: #[[MFMA:mfma[0-9]*]] = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
// CHECK-DAG: #[[MFMA16:mfma[0-9]*]] = #tkc_gpu.amd_mfma<{warpsPerCTA = [1, 4], instrShape = [16, 16]}>
// CHECK-DAG: #[[FA:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 4}>
// CHECK-DAG: #[[FB:.*]] = #tkc_gpu.dot_op<{opIdx = 1, parent = #[[MFMA16]], kWidth = 8}>
// CHECK-DAG: #[[LIN:linear[0-9]*]] = #tkc_gpu.linear<{register = {{\[\[0, 1\], \[8, 0\]\]}}, lane = {{\[\[0, 2\], \[0, 4\], \[1, 0\], \[2, 0\], \[4, 0\]\]}}, warp = {{\[\[16, 0\], \[32, 0\]\]}}}>
#b = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #tkc_gpu.slice<{dim = 1, parent = #b}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>

// CHECK: #[[ROW:.*]] = #tkc_gpu.slice<{dim = 1, parent = #[[B]]}>
// CHECK-LABEL: func.func @convert
// CHECK: tkc_gpu.convert_layout %{{.*}} : tensor<16xf32, #[[ROW]]> -> tensor<16xf32, #blocked1>
func.func @convert(%x: tensor<16xf32, #row>) -> tensor<16xf32, #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> {
  %c = tkc_gpu.convert_layout %x : tensor<16xf32, #row> -> tensor<16xf32, #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
  return %c : tensor<16xf32, #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
}

// CHECK-LABEL: func.func @dot
// CHECK: tkc.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16, #[[A]]> * tensor<16x32xf16, #[[BOP]]> -> tensor<32x32xf32, #[[ACC]]>
func.func @dot(%a: tensor<32x16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<16x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<32x32xf32, #acc>) -> tensor<32x32xf32, #acc> {
  %d = tkc.dot %a, %b, %c : tensor<32x16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
  return %d : tensor<32x32xf32, #acc>
}

// An mma.sync accumulator and its operands (kWidth elements per register).
// CHECK-LABEL: func.func @mma_dot
// CHECK: tkc.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16, #[[MA]]> * tensor<16x32xf16, #{{.*}}> -> tensor<32x32xf32, #[[MMA]]>
#mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
func.func @mma_dot(%a: tensor<32x16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
  %d = tkc.dot %a, %b, %c : tensor<32x16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
  return %d : tensor<32x32xf32, #mma>
}

// An MFMA accumulator (32x32 and 16x16 blocks) and its operands (kWidth
// elements along K per lane), printed as #mfma aliases (checked above).
// CHECK-LABEL: func.func @mfma_dot
// CHECK: tkc.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x16xf16, #[[FA]]> * tensor<16x64xf16, #{{.*}}> -> tensor<64x64xf32, #[[MFMA]]>
// CHECK: tkc.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32xi8, #{{.*}}> * tensor<32x64xi8, #[[FB]]> -> tensor<16x64xi32, #[[MFMA16]]>
#mfma = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
#mfma16 = #tkc_gpu.amd_mfma<{warpsPerCTA = [1, 4], instrShape = [16, 16]}>
func.func @mfma_dot(%a: tensor<64x16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>>, %b: tensor<16x64xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 4}>>, %c: tensor<64x64xf32, #mfma>, %x: tensor<16x32xi8, #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma16, kWidth = 8}>>, %y: tensor<32x64xi8, #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma16, kWidth = 8}>>, %z: tensor<16x64xi32, #mfma16>) -> (tensor<64x64xf32, #mfma>, tensor<16x64xi32, #mfma16>) {
  %d = tkc.dot %a, %b, %c : tensor<64x16xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>> * tensor<16x64xf16, #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma, kWidth = 4}>> -> tensor<64x64xf32, #mfma>
  %e = tkc.dot %x, %y, %z : tensor<16x32xi8, #tkc_gpu.dot_op<{opIdx = 0, parent = #mfma16, kWidth = 8}>> * tensor<32x64xi8, #tkc_gpu.dot_op<{opIdx = 1, parent = #mfma16, kWidth = 8}>> -> tensor<16x64xi32, #mfma16>
  return %d, %e : tensor<64x64xf32, #mfma>, tensor<16x64xi32, #mfma16>
}

// Shared-memory tiles and the ops that fill and read them.
// CHECK-LABEL: func.func @shared_tiles
// CHECK: %[[BUF:.*]] = tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]>
// CHECK: %[[T:.*]] = tkc_gpu.tile %[[BUF]][%{{.*}}] : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
// CHECK: tkc_gpu.async_copy %{{.*}}, %[[T]] mask %{{.*}} : tensor<64x32x!tkc.ptr<f16>, #{{.*}}>, !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, tensor<64x32xi1, #{{.*}}>
// CHECK: tkc_gpu.async_copy %{{.*}}, %[[T]] : tensor<64x32x!tkc.ptr<f16>, #{{.*}}>, !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
// CHECK: tkc_gpu.async_commit
// CHECK: tkc_gpu.async_wait {pending = 1 : i32}
// CHECK: tkc_gpu.local_load %[[T]] : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #{{.*}}>
// CHECK: tkc_gpu.local_alloc %{{.*}} : (tensor<64x32xf16, #{{.*}}>) -> !tkc_gpu.shared<[64, 32], f16, order = [0, 1]>
#sl = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#smma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
#sa = #tkc_gpu.dot_op<{opIdx = 0, parent = #smma, kWidth = 2}>
func.func @shared_tiles(%p: tensor<64x32x!tkc.ptr<f16>, #sl>, %m: tensor<64x32xi1, #sl>, %i: i32) -> tensor<64x32xf16, #sa> {
  %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]>
  %t = tkc_gpu.tile %buf[%i] : !tkc_gpu.shared<[3, 64, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
  tkc_gpu.async_copy %p, %t mask %m : tensor<64x32x!tkc.ptr<f16>, #sl>, !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>, tensor<64x32xi1, #sl>
  tkc_gpu.async_copy %p, %t : tensor<64x32x!tkc.ptr<f16>, #sl>, !tkc_gpu.shared<[64, 32], f16, order = [1, 0]>
  tkc_gpu.async_commit
  tkc_gpu.async_wait {pending = 1 : i32}
  %a = tkc_gpu.local_load %t : !tkc_gpu.shared<[64, 32], f16, order = [1, 0]> -> tensor<64x32xf16, #sa>
  %s = tkc_gpu.local_alloc %a : (tensor<64x32xf16, #sa>) -> !tkc_gpu.shared<[64, 32], f16, order = [0, 1]>
  return %a : tensor<64x32xf16, #sa>
}

// A linear layout prints its bases back (an MMA accumulator's halves; its
// alias is checked above, with the others).
// CHECK-LABEL: func.func @linear
// CHECK-SAME: tensor<64x8xf32, #[[LIN]]>
func.func @linear(%x: tensor<64x8xf32, #tkc_gpu.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]]}>>) {
  return
}
