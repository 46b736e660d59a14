// RUN: sed -e 's/WAVE/32/g' %s | tkc-opt --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s
// RUN: sed -e 's/WAVE/64/g' %s | tkc-opt --split-input-file --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s --check-prefix=AMD
// tkc.print: one vprintf per element a thread owns, with the program id,
// the element's index and the value, in Triton's format; its argument
// buffer lies in the function's entry block. tkc.assert: __assertfail,
// with the message, file, line and function, where an element is false.
// On AMD a print is ockl's printf of HIP (the format, then the arguments in
// 64 bits, at most 7 per call), and an assertion that fails prints what
// HIP's assert prints, then traps.

#l1 = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [WAVE], warpsPerCTA = [1], order = [0]}>
#l2 = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("pid (%u, %u, %u) idx (%2u) x: %f\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("pid (%u, %u, %u) idx (%u, %u) m: %i\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("pid (%u, %u, %u) idx (%u, %u) m: (operand 0) 0x%04x\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("pid (%u, %u, %u) idx (%u, %u) m: (operand 1) 0x%016llx\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("pid (%u, %u, %u) idx () n: %u\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("pid (%u, %u, %u) idx () hello\0A\00")

  // AMD-LABEL: llvm.func @prints
  // AMD: %[[BEGIN:.*]] = llvm.call @__ockl_printf_begin(%{{.*}}) : (i64) -> i64
  // The format of the " x: " lines, 34 bytes with its NUL, not the last
  // part.
  // AMD: %[[BYTES:.*]] = llvm.mlir.constant(34 : i64) : i64
  // AMD: %[[MORE:.*]] = llvm.mlir.constant(0 : i32) : i32
  // AMD: %[[TEXT:.*]] = llvm.call @__ockl_printf_append_string_n(%[[BEGIN]], %{{.*}}, %[[BYTES]], %[[MORE]])
  // Five arguments (pid, index, value) in one call, the value's double as
  // its bits, then the last part.
  // AMD: %[[FIVE:.*]] = llvm.mlir.constant(5 : i32) : i32
  // AMD: llvm.bitcast %{{.*}} : f64 to i64
  // AMD: %[[LAST:.*]] = llvm.mlir.constant(1 : i32) : i32
  // AMD: llvm.call @__ockl_printf_append_args(%[[TEXT]], %[[FIVE]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[LAST]])
  // The prefix alone ("hello"): the program id's three arguments.
  // AMD: llvm.mlir.addressof @tkc_string_5
  // AMD: llvm.call @__ockl_printf_append_string_n
  // AMD: %[[THREE:.*]] = llvm.mlir.constant(3 : i32) : i32
  // AMD: llvm.call @__ockl_printf_append_args(%{{.*}}, %[[THREE]],
  // AMD: llvm.return
  // CHECK-LABEL: llvm.func @prints
  // The buffers of the prints only the first thread makes (the scalar's
  // and the one of the prefix alone), moved to the entry block.
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: llvm.alloca %[[ONE]] x !llvm.struct<(i32, i32, i32)>
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: llvm.alloca %[[ONE]] x !llvm.struct<(i32, i32, i32, i32)>
  // Two f32 elements per thread, each widened to a double.
  // CHECK: llvm.fpext %{{.*}} : f32 to f64
  // CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, f64)>
  // CHECK: llvm.call @vprintf
  // CHECK: llvm.fpext %{{.*}} : f32 to f64
  // CHECK: llvm.call @vprintf
  func.func @prints(%x: tensor<64xf32, #l1>, %m: tensor<4x8xi16, #l2>, %p: tensor<4x8xi64, #l2>, %n: i32) {
    tkc.print " x: " {hex = false, isSigned = array<i1: false>} %x : tensor<64xf32, #l1>
    // Signed 16-bit integers widen by sign; hex 64-bit ones stay 64-bit.
    // CHECK: llvm.sext %{{.*}} : i16 to i32
    tkc.print " m: " {hex = false, isSigned = array<i1: true>} %m : tensor<4x8xi16, #l2>
    tkc.print " m: " {hex = true, isSigned = array<i1: true, true>} %m, %p : tensor<4x8xi16, #l2>, tensor<4x8xi64, #l2>
    // A scalar prints from the first thread only.
    // CHECK: nvvm.read.ptx.sreg.tid.x
    // CHECK: llvm.cond_br
    tkc.print " n: " {hex = false, isSigned = array<i1: false>} %n : i32
    tkc.print " hello" {hex = false, isSigned = array<i1>}
    return
  }
}

// -----

#l1 = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [WAVE], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("x must be positive\00")
  // CHECK-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("k.py\00")
  // CHECK-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("checks\00")
  // CHECK-LABEL: llvm.func @checks
  // CHECK: llvm.and
  // CHECK: %[[LINE:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK: llvm.cond_br
  // CHECK: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %[[LINE]], %{{.*}}, %{{.*}})
  // AMD-DAG: llvm.mlir.global internal constant @tkc_string_{{[0-9]+}}("%s:%u: %s: Device-side assertion `%s' failed.\0A\00")
  // AMD-LABEL: llvm.func @checks
  // AMD: llvm.cond_br
  // AMD: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
  // AMD: llvm.call @__ockl_printf_append_args(%{{.*}}, %[[FOUR]],
  // AMD: llvm.intr.trap
  func.func @checks(%c: tensor<64xi1, #l1>) {
    tkc.assert %c, "x must be positive" : tensor<64xi1, #l1> loc("k.py":7:3)
    return
  }
}

