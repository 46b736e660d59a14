// RUN: tkc-opt --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" %s | FileCheck %s
// tkc.elementwise_inline_asm becomes one llvm.inline_asm per packed_element
// registers: 8-bit elements go four to a vector<4xi8> operand and come back
// the same way; several outputs come back as a struct; an impure asm keeps
// its side effects; pointers go in and come out as 64-bit integers. (A
// pack that does not divide a thread's registers is
// reported: unsupported.mlir.)

#l8 = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @packed_bytes
  // Two asms for the 8 bytes of each thread, each on one vector of four.
  // CHECK-COUNT-2: llvm.inline_asm "add.u32 $0, $1, 0x01010101;", "=r,r" %{{.*}} : (vector<4xi8>) -> vector<4xi8>
  // CHECK-NOT: llvm.inline_asm
  func.func @packed_bytes(%x: tensor<256xi8, #l8>) -> tensor<256xi8, #l8> {
    %y = tkc.elementwise_inline_asm "add.u32 $0, $1, 0x01010101;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<256xi8, #l8> -> tensor<256xi8, #l8>
    return %y : tensor<256xi8, #l8>
  }

  // CHECK-LABEL: llvm.func @two_outputs
  // CHECK-COUNT-8: llvm.inline_asm "div.u32 $0, $2, $3; rem.u32 $1, $2, $3;", "=r,=r,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> !llvm.struct<(i32, i32)>
  func.func @two_outputs(%x: tensor<256xi32, #l8>, %d: tensor<256xi32, #l8>) -> (tensor<256xi32, #l8>, tensor<256xi32, #l8>) {
    %q, %r = tkc.elementwise_inline_asm "div.u32 $0, $2, $3; rem.u32 $1, $2, $3;" {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %x, %d : tensor<256xi32, #l8>, tensor<256xi32, #l8> -> tensor<256xi32, #l8>, tensor<256xi32, #l8>
    return %q, %r : tensor<256xi32, #l8>, tensor<256xi32, #l8>
  }

  // CHECK-LABEL: llvm.func @pointers
  // Each pointer passed as an i64 and the result taken back as a pointer
  // (flashinfer's all-reduce signals a peer with atom.cas on a pointer).
  // CHECK-COUNT-8: llvm.ptrtoint
  // CHECK: llvm.inline_asm has_side_effects "mov.b64 $0, $1;", "=l,l" %{{.*}} : (i64) -> i64
  // CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  func.func @pointers(%p: tensor<256x!tkc.ptr<i32>, #l8>) -> tensor<256x!tkc.ptr<i32>, #l8> {
    %q = tkc.elementwise_inline_asm "mov.b64 $0, $1;" {constraints = "=l,l", packed_element = 1 : i32, pure = false} %p : tensor<256x!tkc.ptr<i32>, #l8> -> tensor<256x!tkc.ptr<i32>, #l8>
    return %q : tensor<256x!tkc.ptr<i32>, #l8>
  }

  // CHECK-LABEL: llvm.func @clock
  // CHECK: llvm.inline_asm has_side_effects "mov.u32 $0, %clock;", "=r"  : () -> i32
  func.func @clock() -> i32 {
    %t = tkc.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    return %t : i32
  }
}

