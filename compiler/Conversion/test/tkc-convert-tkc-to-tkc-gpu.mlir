// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=32" | FileCheck %s --check-prefixes=CHECK,W32
// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=2 threads-per-warp=64" | FileCheck %s --check-prefixes=CHECK,W64
// The same 128 threads as 4 warps of 32 lanes or 2 wavefronts of 64: the
// layouts follow the launch shape the options give.

// Every tensor gets the default blocked layout of its shape; the module
// records the launch shape.
// W32: #[[L:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// W32: module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32}
// W64: #[[L:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>
// W64: module attributes {tkc_gpu.num_warps = 2 : i32, tkc_gpu.threads_per_warp = 64 : i32}
// CHECK-LABEL: func.func @range
// CHECK: tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[L]]>
// CHECK: arith.constant dense<1> : tensor<256xi32, #[[L]]>
func.func @range() -> tensor<256xi32> {
  %r = tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %one = arith.constant dense<1> : tensor<256xi32>
  %s = arith.addi %r, %one : tensor<256xi32>
  return %s : tensor<256xi32>
}

// -----

// expand_dims takes a slice of its result's layout, and broadcast the
// layout of its result: conversions relate them to the defaults.
// W32-DAG: #[[ROWS:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// W32-DAG: #[[TILE:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// W32-DAG: #[[COL:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// W64-DAG: #[[ROWS:.*]] = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>
// W64-DAG: #[[TILE:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 1], order = [1, 0]}>
// W64-DAG: #[[COL:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[SLICE:.*]] = #tkc_gpu.slice<{dim = 1, parent = #[[COL]]}>
// CHECK-LABEL: func.func @outer
// CHECK: %[[R:.*]] = tkc.make_range {{.*}} : tensor<64xi32, #[[ROWS]]>
// CHECK: %[[S:.*]] = tkc_gpu.convert_layout %[[R]] : tensor<64xi32, #[[ROWS]]> -> tensor<64xi32, #[[SLICE]]>
// CHECK: %[[E:.*]] = tkc.expand_dims %[[S]] {axis = 1 : i32} : tensor<64xi32, #[[SLICE]]> -> tensor<64x1xi32, #[[COL]]>
// CHECK: %[[C:.*]] = tkc_gpu.convert_layout %[[E]] : tensor<64x1xi32, #[[COL]]> -> tensor<64x1xi32, #[[TILE]]>
// CHECK: tkc.broadcast %[[C]] : tensor<64x1xi32, #[[TILE]]> -> tensor<64x64xi32, #[[TILE]]>
func.func @outer() -> tensor<64x64xi32> {
  %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %e = tkc.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %b = tkc.broadcast %e : tensor<64x1xi32> -> tensor<64x64xi32>
  return %b : tensor<64x64xi32>
}

// -----

// A dot computes in the blocked layout its FMA lowering wants: each thread
// an 8x1 tile of the 32x32 result (the fewest reads of rows of a, counted
// once per row a warp reads at one K, plus columns of b, over 128
// threads), lanes along N first. Its operands take the dot_op layouts of
// it (each thread all of K of its rows and columns), and the accumulator
// and result are converted to and from the default layout.
// W32-DAG: #[[ACC:.*]] = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// W64-DAG: #[[ACC:.*]] = #tkc_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [2, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[ACC]]}>
// CHECK-DAG: #[[B:.*]] = #tkc_gpu.dot_op<{opIdx = 1, parent = #[[ACC]]}>
// CHECK-LABEL: func.func @dot
// CHECK-SAME: (%[[X:.*]]: tensor<32x16xf16, #[[DA:blocked[0-9]*]]>, %[[Y:.*]]: tensor<16x32xf16, #[[DB:blocked[0-9]*]]>, %[[Z:.*]]: tensor<32x32xf32, #[[DC:blocked[0-9]*]]>)
// CHECK: %[[XA:.*]] = tkc_gpu.convert_layout %[[X]] : tensor<32x16xf16, #[[DA]]> -> tensor<32x16xf16, #[[A]]>
// CHECK: %[[YB:.*]] = tkc_gpu.convert_layout %[[Y]] : tensor<16x32xf16, #[[DB]]> -> tensor<16x32xf16, #[[B]]>
// CHECK: %[[ZC:.*]] = tkc_gpu.convert_layout %[[Z]] : tensor<32x32xf32, #[[DC]]> -> tensor<32x32xf32, #[[ACC]]>
// CHECK: %[[D:.*]] = tkc.dot %[[XA]], %[[YB]], %[[ZC]] : tensor<32x16xf16, #[[A]]> * tensor<16x32xf16, #[[B]]> -> tensor<32x32xf32, #[[ACC]]>
// CHECK: %[[R:.*]] = tkc_gpu.convert_layout %[[D]] : tensor<32x32xf32, #[[ACC]]> -> tensor<32x32xf32, #[[DC]]>
// CHECK: return %[[R]]
func.func @dot(%x: tensor<32x16xf16>, %y: tensor<16x32xf16>, %z: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tkc.dot %x, %y, %z : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  return %d : tensor<32x32xf32>
}

// -----

// FLA's fp32 matmul tile, 64x32 by 32x128: each warp's lanes lie along N
// and share their rows of a (8 rows by 8 columns each, with the lanes on
// two rows, read rows 8 apart at each K, 128 bytes apart: the same banks),
// so each thread computes 16 rows by 4 columns, one 16-byte chunk of b,
// the lanes' chunks side by side, so that a warp's reads of b at one K are
// adjacent chunks.
// W32-DAG: #[[ACC:.*]] = #tkc_gpu.blocked<{sizePerThread = [16, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// W64-DAG: #[[ACC:.*]] = #tkc_gpu.blocked<{sizePerThread = [32, 2], threadsPerWarp = [1, 64], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-LABEL: func.func @dot_column_runs
// CHECK: tkc.dot {{.*}} -> tensor<64x128xf32, #[[ACC]]>
func.func @dot_column_runs(%x: tensor<64x32xf32>, %y: tensor<32x128xf32>, %z: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %d = tkc.dot %x, %y, %z : tensor<64x32xf32> * tensor<32x128xf32> -> tensor<64x128xf32>
  return %d : tensor<64x128xf32>
}

// -----

// A batch of two 16x16 products: each batch gets half the threads, each
// thread a 4x1 tile of one.
// W32-DAG: #[[ACC:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [1, 2, 16], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
// W64-DAG: #[[ACC:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [1, 4, 16], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[A:.*]] = #tkc_gpu.dot_op<{opIdx = 0, parent = #[[ACC]]}>
// CHECK-DAG: #[[B:.*]] = #tkc_gpu.dot_op<{opIdx = 1, parent = #[[ACC]]}>
// CHECK-LABEL: func.func @batched_dot
// CHECK: tkc.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x16x32xf32, #[[A]]> * tensor<2x32x16xf32, #[[B]]> -> tensor<2x16x16xf32, #[[ACC]]>
func.func @batched_dot(%x: tensor<2x16x32xf32>, %y: tensor<2x32x16xf32>, %z: tensor<2x16x16xf32>) -> tensor<2x16x16xf32> {
  %d = tkc.dot %x, %y, %z : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  return %d : tensor<2x16x16xf32>
}

// -----

// A transpose takes its operand's layout with the dimensions permuted, so
// it moves no data; its result is converted to the default layout for its
// users.
// W32-DAG: #[[T:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// W64-DAG: #[[T:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [1, 2], order = [0, 1]}>
// CHECK-LABEL: func.func @trans
// CHECK-SAME: (%[[X:.*]]: tensor<64x32xf32, #[[S:blocked[0-9]*]]>)
// CHECK: %[[T0:.*]] = tkc.trans %[[X]] {order = array<i32: 1, 0>} : tensor<64x32xf32, #[[S]]> -> tensor<32x64xf32, #[[T]]>
// CHECK: %[[R:.*]] = tkc_gpu.convert_layout %[[T0]] : tensor<32x64xf32, #[[T]]> -> tensor<32x64xf32, #[[D:blocked[0-9]*]]>
// CHECK: return %[[R]] : tensor<32x64xf32, #[[D]]>
func.func @trans(%x: tensor<64x32xf32>) -> tensor<32x64xf32> {
  %t = tkc.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  return %t : tensor<32x64xf32>
}

// -----

// tl.permute(x, (2, 0, 1)): sizes, lanes and warps follow their dimensions,
// and `order` names the same dimensions, fastest first, by their new
// numbers.
// W32-DAG: #[[P:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [16, 1, 2], warpsPerCTA = [1, 2, 2], order = [0, 2, 1]}>
// W64-DAG: #[[P:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [16, 1, 4], warpsPerCTA = [1, 2, 1], order = [0, 2, 1]}>
// CHECK-LABEL: func.func @permute
// CHECK: tkc.trans %{{.*}} {order = array<i32: 2, 0, 1>} : tensor<2x4x16xf32, #{{.*}}> -> tensor<16x2x4xf32, #[[P]]>
func.func @permute(%x: tensor<2x4x16xf32>) -> tensor<16x2x4xf32> {
  %t = tkc.trans %x {order = array<i32: 2, 0, 1>} : tensor<2x4x16xf32> -> tensor<16x2x4xf32>
  return %t : tensor<16x2x4xf32>
}

// -----

// An operand that is not blocked (here a slice, already laid out) is
// converted to the default blocked layout first.
#p = #tkc_gpu.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#s = #tkc_gpu.slice<{dim = 2, parent = #p}>
// CHECK-LABEL: func.func @trans_of_slice
// CHECK-SAME: (%[[X:.*]]: tensor<64x32xf32, #{{slice[0-9]*}}>)
// CHECK: %[[B:.*]] = tkc_gpu.convert_layout %[[X]] : {{.*}} -> tensor<64x32xf32, #[[S:blocked[0-9]*]]>
// CHECK: tkc.trans %[[B]] {order = array<i32: 1, 0>} : tensor<64x32xf32, #[[S]]> -> tensor<32x64xf32, #{{blocked[0-9]*}}>
func.func @trans_of_slice(%x: tensor<64x32xf32, #s>) -> tensor<32x64xf32> {
  %t = tkc.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf32, #s> -> tensor<32x64xf32>
  return %t : tensor<32x64xf32>
}

// -----

// A reshape takes a blocked layout in which each thread keeps its
// operand's elements, when there is one (here each thread keeps one
// element: lanes run along the rows of 32), and no conversion when that is
// the default.
// W32-DAG: #[[R:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// W64-DAG: #[[R:.*]] = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-LABEL: func.func @reshape
// CHECK: %[[X:.*]] = tkc.reshape %{{.*}} : tensor<128xf32, #{{.*}}> -> tensor<4x32xf32, #[[R]]>
// CHECK-NEXT: return %[[X]]
func.func @reshape(%x: tensor<128xf32>) -> tensor<4x32xf32> {
  %r = tkc.reshape %x : tensor<128xf32> -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// -----

// A flattening (allow_reorder keeps the row-major order too) of a tile
// whose default layout, flattened, is the default 1-D layout: no
// conversion.
// CHECK-LABEL: func.func @flatten
// CHECK: %[[X:.*]] = tkc.reshape %{{.*}} allow_reorder : tensor<2x4x16xf32, #{{.*}}> -> tensor<128xf32, #{{.*}}>
// CHECK-NEXT: return %[[X]]
func.func @flatten(%x: tensor<2x4x16xf32>) -> tensor<128xf32> {
  %r = tkc.reshape %x allow_reorder : tensor<2x4x16xf32> -> tensor<128xf32>
  return %r : tensor<128xf32>
}
