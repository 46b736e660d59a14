// RUN: tkc-opt %s --split-input-file --tkc-gpu-tensor-stores="target=cuda:90a" | FileCheck %s
// RUN: tkc-opt %s --split-input-file --tkc-gpu-tensor-stores="target=cuda:80" | FileCheck %s --check-prefix=KEPT
// RUN: tkc-opt %s --split-input-file --tkc-gpu-tensor-stores="target=hip:gfx942" | FileCheck %s --check-prefix=KEPT
// RUN: sed 's/ attributes {tkc.tensor_descriptors = .*} {$/ {/' %s | tkc-opt --split-input-file --tkc-gpu-tensor-stores="target=cuda:90a" | FileCheck %s --check-prefix=KEPT

// Targets without tensor copies, and kernels whose descriptors the host did
// not make (no tkc.tensor_descriptors), keep every store.
// KEPT-NOT: tensor_store
// KEPT-NOT: tensor_maps

#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A 64 x 128 fp16 block of a host descriptor: where the descriptor's
  // innermost extent (c_desc_shape1, an argument) is a whole number of 16
  // bytes or the block's columns lie inside it, the value, before its
  // conversion to the store's layout, is written into a swizzled tile, which
  // one tensor store moves through a new map argument (a box of 64 rows by
  // one 128-byte swizzle block); elsewhere the block is stored as before,
  // its addresses, mask and conversion computed in that branch only. The
  // map's entry names the descriptor's source arguments.
  // CHECK: module attributes {{{.*}}tkc_gpu.tensor_maps = [{arg = 6 : i32, box = array<i64: 64, 64>, descriptor = "c_desc", element = f16, source = {base = "c_desc_base", shape = {{\[}}[1, "c_desc_shape0"], [1, "c_desc_shape1"]], strides = {{\[}}[1, "c_desc_stride0"]]}, swizzle = 128 : i32}]
  // CHECK-LABEL: func.func @store_tile
  // CHECK-SAME: %[[ROW:[^:]*]]: i32, %[[COL:[^:]*]]: i32, %{{.*}}, %[[N:[^:]*]]: i32, %{{.*}}, %[[MAP:[^:]*]]: !llvm.ptr)
  // CHECK-NEXT: %[[H:.*]] = arith.truncf
  // CHECK: %[[EXTENT:.*]] = arith.muli %{{.*}}, %[[N]] : i32
  // CHECK: %[[LOW:.*]] = arith.andi %[[EXTENT]], %c7_i32
  // CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %[[LOW]], %c0_i32
  // CHECK: %[[END:.*]] = arith.addi %[[COL]], %c128_i32
  // CHECK: %[[INSIDE:.*]] = arith.cmpi sle, %[[END]], %[[EXTENT]]
  // CHECK: %[[VIA:.*]] = arith.ori %[[WHOLE]], %[[INSIDE]]
  // CHECK-NEXT: scf.if %[[VIA]] {
  // CHECK-NEXT: %[[T:.*]] = tkc_gpu.local_alloc %[[H]] : (tensor<64x128xf16, #{{.*}}>) -> !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
  // CHECK-NEXT: tkc_gpu.tensor_store %[[MAP]][%[[ROW]], %[[COL]]], %[[T]] : !llvm.ptr, !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: tkc_gpu.convert_layout %[[H]]
  // CHECK: tkc.make_range
  // CHECK: tkc.store {{.*}} box "c_desc"[%[[ROW]], %[[COL]]]
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  // KEPT-LABEL: func.func @store_tile
  // KEPT: tkc.store
  func.func @store_tile(%row: i32, %col: i32, %base: !tkc.ptr<f16>, %m: i32, %n: i32, %v: tensor<64x128xf32, #acc>) attributes {tkc.tensor_descriptors = {c_desc = {base = "c_desc_base", shape = [[1, "c_desc_shape0"], [1, "c_desc_shape1"]], strides = [[1, "c_desc_stride0"]]}}, tkc.params = [{name = "row"}, {name = "col"}, {name = "c_desc_base"}, {name = "c_desc_shape0"}, {name = "c_desc_shape1"}, {name = "v"}]} {
    %h = arith.truncf %v : tensor<64x128xf32, #acc> to tensor<64x128xf16, #acc>
    %c = tkc_gpu.convert_layout %h : tensor<64x128xf16, #acc> -> tensor<64x128xf16, #l>
    %r = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>>
    %e = tkc.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #tkc_gpu.slice<{dim = 0, parent = #l}>> -> tensor<1x128xi32, #l>
    %cols = tkc.broadcast %e : tensor<1x128xi32, #l> -> tensor<64x128xi32, #l>
    %s = tkc.splat %base : tensor<64x128x!tkc.ptr<f16>, #l>
    %p = tkc.addptr %s, %cols : tensor<64x128x!tkc.ptr<f16>, #l>, tensor<64x128xi32, #l>
    %ns = tkc.splat %col : tensor<64x128xi32, #l>
    %mask = arith.cmpi slt, %cols, %ns : tensor<64x128xi32, #l>
    tkc.store %p, %c, %mask box "c_desc"[%row, %col] : tensor<64x128x!tkc.ptr<f16>, #l>
    return
  }
}

// -----

#acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#l3 = #tkc_gpu.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A batched descriptor's [1, 64, 64] block, reshaped from the 2-D tile:
  // the tile is the reshape's source, stored at the three coordinates
  // through a map whose box is 1 along the batch.
  // The extent is a constant times the arguments its entry names: the
  // parameters that are arguments (not constexpr, not equal_to_1) counted
  // in order, an equal_to_1 one a factor of 1.
  // CHECK: tkc_gpu.tensor_maps = [{arg = 6 : i32, box = array<i64: 1, 64, 64>, descriptor = "y_desc"
  // CHECK-LABEL: func.func @store_batched
  // CHECK-SAME: %[[B:[^:]*]]: i32, %[[ROW:[^:]*]]: i32, %[[COL:[^:]*]]: i32, %[[N:[^:]*]]: i32, %{{.*}}, %[[MAP:[^:]*]]: !llvm.ptr)
  // CHECK: %[[TWICE:.*]] = arith.muli %c2_i32, %[[N]] : i32
  // CHECK-NOT: arith.muli
  // CHECK: arith.andi %[[TWICE]], %c7_i32
  // CHECK: scf.if
  // CHECK-NEXT: %[[T:.*]] = tkc_gpu.local_alloc %{{.*}} : (tensor<64x64xbf16, #{{.*}}>) -> !tkc_gpu.shared<[64, 64], bf16, order = [1, 0]>
  // CHECK-NEXT: tkc_gpu.tensor_store %[[MAP]][%[[B]], %[[ROW]], %[[COL]]], %[[T]]
  // CHECK-NEXT: } else {
  // CHECK-NEXT: tkc.reshape
  // CHECK-NEXT: tkc.store
  func.func @store_batched(%b: i32, %row: i32, %col: i32, %n: i32, %p: tensor<1x64x64x!tkc.ptr<bf16>, #l3>, %v: tensor<64x64xbf16, #acc>) attributes {tkc.tensor_descriptors = {y_desc = {base = "y_desc_base", shape = [[1, "y_desc_shape0"], [1, "y_desc_shape1"], [2, "n", "unit"]], strides = [[1, "y_desc_stride0"], [1, "y_desc_stride1"]]}}, tkc.params = [{name = "BLOCK", kind = "constexpr"}, {name = "b"}, {name = "unit", kind = "scalar", equal_to_1 = true}, {name = "row"}, {name = "col"}, {name = "n"}]} {
    %r = tkc.reshape %v : tensor<64x64xbf16, #acc> -> tensor<1x64x64xbf16, #l3>
    tkc.store %p, %r box "y_desc"[%b, %row, %col] : tensor<1x64x64x!tkc.ptr<bf16>, #l3>
    return
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32, tkc_gpu.tensor_maps = [{arg = 3 : i32, box = array<i64: 32, 64>, descriptor = "a_desc", element = f16, source = {base = "a_desc_base", shape = [[1, "a_desc_shape0"], [1, "a_desc_shape1"]], strides = [[1, "a_desc_stride0"]]}, swizzle = 128 : i32}]} {
  // Stores tensor maps cannot make stay: 8-byte elements; a descriptor
  // already copied through a map of another box (one map per descriptor);
  // a store that names no descriptor. (The extent's ops are left unused.)
  // CHECK-LABEL: func.func @stores_kept
  // CHECK-NOT: tensor_store
  // CHECK-COUNT-3: tkc.store
  // CHECK-NOT: tensor_store
  func.func @stores_kept(%row: i32, %pf: tensor<64x64x!tkc.ptr<f64>, #l>, %ph: tensor<64x64x!tkc.ptr<f16>, #l>, %map: !llvm.ptr, %f: tensor<64x64xf64, #l>, %h: tensor<64x64xf16, #l>) attributes {tkc.tensor_descriptors = {a_desc = {base = "a_desc_base", shape = [[1, "row"], [1, "row"]], strides = [[1, "a_desc_stride0"]]}, f_desc = {base = "f_desc_base", shape = [[1, "row"], [1, "row"]], strides = [[1, "f_desc_stride0"]]}}, tkc.params = [{name = "row"}]} {
    tkc.store %pf, %f box "f_desc"[%row, %row] : tensor<64x64x!tkc.ptr<f64>, #l>
    tkc.store %ph, %h box "a_desc"[%row, %row] : tensor<64x64x!tkc.ptr<f16>, #l>
    tkc.store %ph, %h : tensor<64x64x!tkc.ptr<f16>, #l>
    return
  }
}

// -----

#l = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // A 128 x 128 fp16 tile (32 KB) beside 200 KB of buffers would pass the
  // H100's 227 KB: the store stays.
  // CHECK-LABEL: func.func @no_room
  // CHECK-NOT: tensor_store
  // CHECK: tkc.store
  func.func @no_room(%row: i32, %p: tensor<128x128x!tkc.ptr<f16>, #l>, %v: tensor<128x128xf16, #l>) attributes {tkc.tensor_descriptors = {c_desc = {base = "c_desc_base", shape = [[1, "row"], [1, "row"]], strides = [[1, "c_desc_stride0"]]}}, tkc.params = [{name = "row"}]} {
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[100, 1024], f16, order = [1, 0]>
    tkc.store %p, %v box "c_desc"[%row, %row] : tensor<128x128x!tkc.ptr<f16>, #l>
    return
  }
}
