// RUN: tkc-opt %s --split-input-file --tkc-gpu-stage-fma-operands | FileCheck %s

#l = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>

// An FMA dot's operands (FLA's fp32 cumsum as a dot by a triangular mask):
// both are stored before either is read in its dot_op layout. a's rows run
// along K, where the eight lanes of a read phase share a row; b's along N,
// as it was loaded, each thread reading four columns at each K: neither
// tile needs a swizzle.
// CHECK-LABEL: func.func @fma_dot
// CHECK-NOT: tkc_gpu.convert_layout
// CHECK: %[[SA:.*]] = tkc_gpu.local_alloc %arg0 : (tensor<64x64xf32, #{{.*}}>) -> !tkc_gpu.shared<[64, 64], f32, order = [1, 0], swizzled = false>
// CHECK-NEXT: %[[SB:.*]] = tkc_gpu.local_alloc %arg1 : (tensor<64x32xf32, #{{.*}}>) -> !tkc_gpu.shared<[64, 32], f32, order = [1, 0], swizzled = false>
// CHECK-NEXT: %[[A:.*]] = tkc_gpu.local_load %[[SA]] : {{.*}} -> tensor<64x64xf32, #[[DA:dot_op[0-9]*]]>
// CHECK-NEXT: %[[B:.*]] = tkc_gpu.local_load %[[SB]] : {{.*}} -> tensor<64x32xf32, #{{dot_op[0-9]*}}>
// CHECK-NEXT: tkc.dot %[[A]], %[[B]]
func.func @fma_dot(%x: tensor<64x64xf32, #l>, %y: tensor<64x32xf32, #l>, %c: tensor<64x32xf32, #acc>) -> tensor<64x32xf32, #acc> {
  %a = tkc_gpu.convert_layout %x : tensor<64x64xf32, #l> -> tensor<64x64xf32, #a>
  %b = tkc_gpu.convert_layout %y : tensor<64x32xf32, #l> -> tensor<64x32xf32, #b>
  %d = tkc.dot %a, %b, %c : tensor<64x64xf32, #a> * tensor<64x32xf32, #b> -> tensor<64x32xf32, #acc>
  return %d : tensor<64x32xf32, #acc>
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>

// Rows along K shorter than a 16-byte chunk (K = 2 in fp32) have no shared
// buffer layout: the conversions stay.
// CHECK-LABEL: func.func @short_k
// CHECK-NOT: tkc_gpu.local_alloc
// CHECK: tkc_gpu.convert_layout
// CHECK: tkc_gpu.convert_layout
// CHECK: tkc.dot
func.func @short_k(%x: tensor<64x2xf32, #l>, %y: tensor<2x2xf32, #l>, %c: tensor<64x2xf32, #acc>) -> tensor<64x2xf32, #acc> {
  %a = tkc_gpu.convert_layout %x : tensor<64x2xf32, #l> -> tensor<64x2xf32, #a>
  %b = tkc_gpu.convert_layout %y : tensor<2x2xf32, #l> -> tensor<2x2xf32, #b>
  %d = tkc.dot %a, %b, %c : tensor<64x2xf32, #a> * tensor<2x2xf32, #b> -> tensor<64x2xf32, #acc>
  return %d : tensor<64x2xf32, #acc>
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>

// a read straight from a loop's tile (as the pipeliner reads it), b computed
// (FLA's exp of a gate): only b is stored, and a's read moves after that,
// to the dot.
// CHECK-LABEL: func.func @one_read_from_a_tile
// CHECK: %[[SB:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<64x32xf32, #{{.*}}>) -> !tkc_gpu.shared<[64, 32], f32, order = [1, 0], swizzled = false>
// CHECK-NEXT: %[[A:.*]] = tkc_gpu.local_load %arg0 : {{.*}} -> tensor<64x64xf32, #{{dot_op[0-9]*}}>
// CHECK-NEXT: %[[B:.*]] = tkc_gpu.local_load %[[SB]] : {{.*}} -> tensor<64x32xf32, #{{dot_op[0-9]*}}>
// CHECK-NEXT: tkc.dot %[[A]], %[[B]]
func.func @one_read_from_a_tile(%ta: !tkc_gpu.shared<[64, 64], f32, order = [0, 1]>, %y: tensor<64x32xf32, #l>, %c: tensor<64x32xf32, #acc>) -> tensor<64x32xf32, #acc> {
  %a = tkc_gpu.local_load %ta : !tkc_gpu.shared<[64, 64], f32, order = [0, 1]> -> tensor<64x64xf32, #a>
  %e = math.exp %y : tensor<64x32xf32, #l>
  %b = tkc_gpu.convert_layout %e : tensor<64x32xf32, #l> -> tensor<64x32xf32, #b>
  %d = tkc.dot %a, %b, %c : tensor<64x64xf32, #a> * tensor<64x32xf32, #b> -> tensor<64x32xf32, #acc>
  return %d : tensor<64x32xf32, #acc>
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
#b = #tkc_gpu.dot_op<{opIdx = 1, parent = #acc}>

// Where reads along K would meet in the banks, the tile is swizzled: a's
// read phase spans two row groups (four lanes along N), and b, two columns
// a thread (8 bytes: not a chunk), is stored with K fastest, its phase's
// lanes at different columns.
// CHECK-LABEL: func.func @swizzled
// CHECK: tkc_gpu.local_alloc %arg0 : (tensor<128x64xf32, #{{.*}}>) -> !tkc_gpu.shared<[128, 64], f32, order = [1, 0]>
// CHECK-NEXT: tkc_gpu.local_alloc %arg1 : (tensor<64x16xf32, #{{.*}}>) -> !tkc_gpu.shared<[64, 16], f32, order = [0, 1]>
func.func @swizzled(%x: tensor<128x64xf32, #l>, %y: tensor<64x16xf32, #l>, %c: tensor<128x16xf32, #acc>) -> tensor<128x16xf32, #acc> {
  %a = tkc_gpu.convert_layout %x : tensor<128x64xf32, #l> -> tensor<128x64xf32, #a>
  %b = tkc_gpu.convert_layout %y : tensor<64x16xf32, #l> -> tensor<64x16xf32, #b>
  %d = tkc.dot %a, %b, %c : tensor<128x64xf32, #a> * tensor<64x16xf32, #b> -> tensor<128x16xf32, #acc>
  return %d : tensor<128x16xf32, #acc>
}
