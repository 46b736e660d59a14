// RUN: tkc-opt %s --split-input-file --verify-diagnostics
// Every verifier of the tkc dialect rejects malformed IR with a clear message.

// A grid has three axes.
func.func @program_id_axis() {
  // expected-error @+1 {{axis must be 0, 1 or 2 (x, y or z), got 3}}
  %0 = tkc.program_id 3
  return
}

// -----

func.func @num_programs_axis() {
  // expected-error @+1 {{axis must be 0, 1 or 2 (x, y or z), got -1}}
  %0 = tkc.num_programs -1
  return
}

// -----

// make_range: bounds, size and power of two.
func.func @make_range_empty() {
  // expected-error @+1 {{end (0) must be greater than start (0)}}
  %0 = tkc.make_range {start = 0 : i32, end = 0 : i32} : tensor<1xi32>
  return
}

// -----

func.func @make_range_size() {
  // expected-error @+1 {{result has 64 elements but the range [0, 128) has 128}}
  %0 = tkc.make_range {start = 0 : i32, end = 128 : i32} : tensor<64xi32>
  return
}

// -----

func.func @make_range_pow2() {
  // expected-error @+1 {{range size 96 must be a power of two}}
  %0 = tkc.make_range {start = 0 : i32, end = 96 : i32} : tensor<96xi32>
  return
}

// -----

func.func @make_range_type() {
  // expected-error @+1 {{result must be a 1-D block of i32, got 'tensor<128xi64>'}}
  %0 = tkc.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi64>
  return
}

// -----

// The pointer type.
// expected-error @+1 {{pointee of !tkc.ptr must be an integer, float or pointer type, got 'tensor<4xf32>'}}
func.func @ptr_pointee(%p: !tkc.ptr<tensor<4xf32>>) {
  return
}

// -----

// expected-error @+1 {{address space of !tkc.ptr must be non-negative, got -2}}
func.func @ptr_addrspace(%p: !tkc.ptr<f32, -2>) {
  return
}

// -----

// Blocks have static shapes.
func.func @dynamic_block(%x: f32) {
  // expected-error @+1 {{must be statically shaped tensor}}
  %0 = tkc.splat %x : tensor<?xf32>
  return
}

// -----

func.func @broadcast_rank(%x: tensor<128xf32>) {
  // expected-error @+1 {{source rank 1 differs from result rank 2; use tkc.expand_dims first}}
  %0 = tkc.broadcast %x : tensor<128xf32> -> tensor<4x128xf32>
  return
}

// -----

func.func @broadcast_dim(%x: tensor<2x128xf32>) {
  // expected-error @+1 {{cannot broadcast dimension 0 of size 2 to 4 (only size-1 dimensions broadcast)}}
  %0 = tkc.broadcast %x : tensor<2x128xf32> -> tensor<4x128xf32>
  return
}

// -----

func.func @broadcast_elem(%x: tensor<1x128xf32>) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = tkc.broadcast %x : tensor<1x128xf32> -> tensor<4x128xf16>
  return
}

// -----

func.func @expand_dims_axis(%x: tensor<128xf32>) {
  // expected-error @+1 {{axis 2 is out of range [0, 1]}}
  %0 = tkc.expand_dims %x {axis = 2 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  return
}

// -----

func.func @expand_dims_shape(%x: tensor<128xf32>) {
  // expected-error @+1 {{result shape 128x1 must be 1x128 (a size-1 dimension inserted at axis 0)}}
  %0 = tkc.expand_dims %x {axis = 0 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{cannot reshape 128 elements (4x32) into 64 (64)}}
  %0 = tkc.reshape %x : tensor<4x32xf32> -> tensor<64xf32>
  return
}

// -----

func.func @trans_perm(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %0 = tkc.trans %x {order = array<i32: 0, 0>} : tensor<4x32xf32> -> tensor<4x32xf32>
  return
}

// -----

func.func @trans_rank(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{order has 3 entries but the source has rank 2}}
  %0 = tkc.trans %x {order = array<i32: 0, 2, 1>} : tensor<4x32xf32> -> tensor<4x32xf32>
  return
}

// -----

func.func @trans_shape(%x: tensor<4x32xf32>) {
  // expected-error @+1 {{result shape 4x32 must be 32x4 for this order}}
  %0 = tkc.trans %x {order = array<i32: 1, 0>} : tensor<4x32xf32> -> tensor<4x32xf32>
  return
}

// -----

// Pointer arithmetic needs integer offsets of the pointers' shape.
func.func @addptr_shape(%p: tensor<128x!tkc.ptr<f32>>, %o: tensor<64xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tkc.addptr %p, %o : tensor<128x!tkc.ptr<f32>>, tensor<64xi32>
  return
}

// -----

func.func @addptr_float_offset(%p: !tkc.ptr<f32>, %o: f32) {
  // expected-error @+1 {{operand #1 must be integer or block of integers}}
  %0 = tkc.addptr %p, %o : !tkc.ptr<f32>, f32
  return
}

// -----

// Loads and stores: mask shape, other, value type.
func.func @load_mask_shape(%p: tensor<128x!tkc.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @+1 {{mask is i1 of the shape of ptr}}
  %0 = "tkc.load"(%p, %m) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<128x!tkc.ptr<f32>>, tensor<64xi1>) -> tensor<128xf32>
  return
}

// -----

func.func @load_other_without_mask(%p: tensor<128x!tkc.ptr<f32>>, %o: tensor<128xf32>) {
  // expected-error @+1 {{'other' is only meaningful with a mask}}
  %0 = "tkc.load"(%p, %o) {operandSegmentSizes = array<i32: 1, 0, 1, 0>} : (tensor<128x!tkc.ptr<f32>>, tensor<128xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @load_result_type(%p: !tkc.ptr<f32>) {
  // expected-error @+1 {{result type matches the pointee of ptr}}
  %0 = "tkc.load"(%p) {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (!tkc.ptr<f32>) -> f16
  return
}

// -----

// A descriptor's block: one box coordinate per dimension, and none without
// a descriptor.
func.func @load_box_rank(%p: tensor<32x64x!tkc.ptr<f16>>, %r: i32) {
  // expected-error @+1 {{a descriptor's block needs one box coordinate per dimension}}
  %0 = tkc.load %p box "a_desc"[%r] : tensor<32x64x!tkc.ptr<f16>>
  return
}

// -----

func.func @load_box_without_descriptor(%p: tensor<32x64x!tkc.ptr<f16>>, %r: i32) {
  // expected-error @+1 {{box coordinates need a descriptor}}
  %0 = "tkc.load"(%p, %r, %r) {operandSegmentSizes = array<i32: 1, 0, 0, 2>} : (tensor<32x64x!tkc.ptr<f16>>, i32, i32) -> tensor<32x64xf16>
  return
}

// -----

func.func @store_value_type(%p: tensor<128x!tkc.ptr<f32>>, %v: tensor<128xf16>) {
  // expected-error @+1 {{value type matches the pointee of ptr}}
  "tkc.store"(%p, %v) {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<128x!tkc.ptr<f32>>, tensor<128xf16>) -> ()
  return
}

// -----

func.func @store_box_without_descriptor(%p: tensor<32x64x!tkc.ptr<f16>>, %v: tensor<32x64xf16>, %r: i32) {
  // expected-error @+1 {{box coordinates need a descriptor}}
  "tkc.store"(%p, %v, %r, %r) {operandSegmentSizes = array<i32: 1, 1, 0, 2>} : (tensor<32x64x!tkc.ptr<f16>>, tensor<32x64xf16>, i32, i32) -> ()
  return
}

// -----

func.func @store_box_rank(%p: tensor<32x64x!tkc.ptr<f16>>, %v: tensor<32x64xf16>, %r: i32) {
  // expected-error @+1 {{a descriptor's block needs one box coordinate per dimension}}
  tkc.store %p, %v box "c_desc"[%r] : tensor<32x64x!tkc.ptr<f16>>
  return
}

// -----

// Dot shapes and element kinds.
func.func @dot_inner(%a: tensor<64x32xf16>, %b: tensor<16x64xf16>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{inner dimensions differ: a is 64x32, b is 16x64}}
  %0 = tkc.dot %a, %b, %c : tensor<64x32xf16> * tensor<16x64xf16> -> tensor<64x64xf32>
  return
}

// -----

func.func @dot_result(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x32xf32>) {
  // expected-error @+1 {{result shape 64x32 must be 64x64}}
  %0 = tkc.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x32xf32>
  return
}

// -----

func.func @dot_rank(%a: tensor<64xf16>, %b: tensor<64xf16>, %c: tensor<64xf32>) {
  // expected-error @+1 {{operands must be 2-D, or 3-D with a batch dimension; a has rank 1}}
  %0 = tkc.dot %a, %b, %c : tensor<64xf16> * tensor<64xf16> -> tensor<64xf32>
  return
}

// -----

func.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{batch dimensions differ: 2 vs 4}}
  %0 = tkc.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  return
}

// -----

func.func @dot_mixed(%a: tensor<16x16xf16>, %b: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a and b must both be float or both be integer, got 'f16' and 'i8'}}
  %0 = tkc.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xi8> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_acc(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{accumulator type 'f32' does not match integer inputs}}
  %0 = tkc.dot %a, %b, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  return
}

// -----

// Reductions: axis, result types and the combine region.
func.func @reduce_axis(%x: tensor<32x64xf32>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = tkc.reduce(%x) axis = 2 : (tensor<32x64xf32>) -> tensor<32xf32> {
  ^bb0(%a: f32, %b: f32):
    tkc.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_result(%x: tensor<32x64xf32>) {
  // expected-error @+1 {{result type 'tensor<64xf32>' must be 'tensor<32xf32>' (the source without axis 1)}}
  %0 = tkc.reduce(%x) axis = 1 : (tensor<32x64xf32>) -> tensor<64xf32> {
  ^bb0(%a: f32, %b: f32):
    tkc.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_shapes(%x: tensor<32x64xf32>, %y: tensor<64x32xi32>) {
  // expected-error @+1 {{all sources must have one shape, got 'tensor<32x64xf32>' and 'tensor<64x32xi32>'}}
  %0:2 = tkc.reduce(%x, %y) axis = 0 : (tensor<32x64xf32>, tensor<64x32xi32>) -> (tensor<64xf32>, tensor<32xi32>) {
  ^bb0(%a: f32, %i: i32, %b: f32, %j: i32):
    tkc.reduce.return %a, %i : f32, i32
  }
  return
}

// -----

func.func @reduce_region_args(%x: tensor<128xf32>) {
  // expected-error @+1 {{region must take 2 scalars ('f32', 'f32'), got ('f32')}}
  %0 = tkc.reduce(%x) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32):
    tkc.reduce.return %a : f32
  }
  return
}

// -----

func.func @reduce_region_return(%x: tensor<128xf32>) {
  %0 = tkc.reduce(%x) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %i = arith.fptosi %a : f32 to i32
    // expected-error @+1 {{must return 1 value(s) of type(s) ('f32'), got ('i32')}}
    tkc.reduce.return %i : i32
  }
  return
}

// -----

// A combine region may branch; each of its returns is checked.
func.func @reduce_branch_return(%x: tensor<128xf32>) {
  %0 = tkc.reduce(%x) axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    cf.cond_br %gt, ^keep, ^other
  ^keep:
    tkc.reduce.return %a : f32
  ^other:
    %i = arith.fptosi %b : f32 to i32
    // expected-error @+1 {{must return 1 value(s) of type(s) ('f32'), got ('i32')}}
    tkc.reduce.return %i : i32
  }
  return
}

// -----

// map_elementwise: the region takes `pack` scalars of each operand and
// returns `pack` of each result.
func.func @map_region_args(%x: tensor<128xf32>) {
  // expected-error @+1 {{region must take 2 scalars ('f32', 'f32'), got ('f32')}}
  %0 = tkc.map_elementwise(%x) pack = 2 : (tensor<128xf32>) -> tensor<128xf32> {
  ^bb0(%a: f32):
    tkc.map_elementwise.return %a, %a : f32, f32
  }
  return
}

// -----

func.func @map_region_return(%x: tensor<128xf32>) {
  %0 = tkc.map_elementwise(%x) pack = 1 : (tensor<128xf32>) -> tensor<128xi32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{must return 1 value(s) of type(s) ('i32'), got ('f32')}}
    tkc.map_elementwise.return %a : f32
  }
  return
}

// -----

func.func @map_shapes(%x: tensor<128xf32>, %y: tensor<64xf32>) {
  // expected-error @+1 {{needs operands and results of one shape}}
  %0 = tkc.map_elementwise(%x, %y) pack = 1 : (tensor<128xf32>, tensor<64xf32>) -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    tkc.map_elementwise.return %a : f32
  }
  return
}

// -----

func.func @map_pack(%x: tensor<128xf32>) {
  // expected-error @+1 {{maps at least one element per call, got pack = 0}}
  %0 = tkc.map_elementwise(%x) pack = 0 : (tensor<128xf32>) -> tensor<128xf32> {
  ^bb0:
    %c = arith.constant 0.0 : f32
    tkc.map_elementwise.return %c : f32
  }
  return
}

// -----

func.func @scan_result(%x: tensor<128xf32>) {
  // expected-error @+1 {{result types must equal the source types}}
  %0 = tkc.scan(%x) axis = 0 : (tensor<128xf32>) -> tensor<128xf16> {
  ^bb0(%a: f32, %b: f32):
    tkc.scan.return %a : f32
  }
  return
}

// -----

func.func @scan_return_elsewhere(%x: f32) {
  // expected-error @+1 {{expects parent op 'tkc.scan'}}
  tkc.scan.return %x : f32
}

// -----

// Atomics: the operation must suit the element type.
func.func @rmw_fadd_int(%p: !tkc.ptr<i32>, %v: i32) {
  // expected-error @+1 {{fadd needs a float pointee, got 'i32'}}
  %0 = tkc.atomic_rmw fadd, relaxed, gpu, %p, %v : !tkc.ptr<i32>
  return
}

// -----

func.func @rmw_xor_float(%p: !tkc.ptr<f32>, %v: f32) {
  // expected-error @+1 {{xor needs an integer pointee, got 'f32'}}
  %0 = tkc.atomic_rmw xor, relaxed, gpu, %p, %v : !tkc.ptr<f32>
  return
}

// -----

func.func @rmw_width(%p: !tkc.ptr<i8>, %v: i8) {
  // expected-error @+1 {{atomics need a 16-, 32- or 64-bit pointee, got 'i8'}}
  %0 = tkc.atomic_rmw add, relaxed, gpu, %p, %v : !tkc.ptr<i8>
  return
}

// -----

func.func @cas_ptr(%p: !tkc.ptr<!tkc.ptr<f32>>, %a: !tkc.ptr<f32>) {
  // expected-error @+1 {{atomics need an integer or float pointee, got '!tkc.ptr<f32>'}}
  %0 = tkc.atomic_cas relaxed, gpu, %p, %a, %a : !tkc.ptr<!tkc.ptr<f32>>
  return
}

// -----

// Casts.
func.func @ptr_cast_space(%p: !tkc.ptr<f32>) {
  // expected-error @+1 {{cannot change the address space (1 to 3)}}
  %0 = tkc.ptr_cast %p : !tkc.ptr<f32> -> !tkc.ptr<f32, 3>
  return
}

// -----

func.func @fp_narrow_no_rounding(%x: tensor<8xf32>) {
  // expected-error @+1 {{narrowing conversion from 'f32' to 'f16' needs a rounding mode (rtne or rtz)}}
  %0 = tkc.fp_to_fp %x : tensor<8xf32> -> tensor<8xf16>
  return
}

// -----

func.func @fp_widen_rounding(%x: tensor<8xbf16>) {
  // expected-error @+1 {{conversion from 'bf16' to 'f32' is exact and takes no rounding mode}}
  %0 = tkc.fp_to_fp %x, rounding = rtz : tensor<8xbf16> -> tensor<8xf32>
  return
}

// -----

func.func @fp_f16_bf16(%x: f16) {
  // expected-error @+1 {{narrowing conversion from 'f16' to 'bf16' needs a rounding mode}}
  %0 = tkc.fp_to_fp %x : f16 -> bf16
  return
}

// -----

func.func @int_to_ptr_width(%x: i32) {
  // expected-error @+1 {{operand #0 must be 64-bit signless integer or statically shaped tensor of 64-bit signless integer values}}
  %0 = tkc.int_to_ptr %x : i32 -> !tkc.ptr<f32>
  return
}

// -----

func.func @assert_cond(%x: tensor<8xi32>) {
  // expected-error @+1 {{operand #0 must be i1 or block of i1}}
  tkc.assert %x, "no" : tensor<8xi32>
  return
}

// -----

func.func @join_shape(%a: tensor<8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{result must have the operands' shape plus a last dimension of 2}}
  %j = tkc.join %a, %b : tensor<8xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @split_shape(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{source must have the results' shape plus a last dimension of 2}}
  %a, %b = tkc.split %x : tensor<8x4xf32> -> tensor<8xf32>
  return
}

// -----

func.func @extern_integer_first(%n: tensor<8xi32>, %x: tensor<8xf32>) {
  // expected-error @+1 {{needs a float first argument}}
  %y = tkc.extern_elementwise "ldexp"(%n, %x) : tensor<8xi32>, tensor<8xf32> -> tensor<8xf32>
  return
}

// -----

func.func @extern_mixed_floats(%x: tensor<8xf32>, %y: tensor<8xf64>) {
  // expected-error @+1 {{needs arguments of one shape, and of one type but for integer parameters}}
  %z = tkc.extern_elementwise "hypot"(%x, %y) : tensor<8xf32>, tensor<8xf64> -> tensor<8xf32>
  return
}
