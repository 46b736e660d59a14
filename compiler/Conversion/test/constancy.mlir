// RUN: sed -e 's/WAVE/32/g' -e 's/ELEMS/256/g' %s | tkc-opt --tkc-gpu-record-constancy --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s
// RUN: sed -e 's/WAVE/64/g' -e 's/ELEMS/512/g' %s | tkc-opt --tkc-gpu-record-constancy --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s
// An integer elementwise op whose result has runs of equal values
// (tkc_gpu.constancy) computes one register per run and copies it to the
// run's other registers, on every target (one warp of WAVE threads).

// Each thread holds 8 consecutive columns; `cols < N` with N a multiple of
// 16 is one comparison for the 8, and the 8 registers of the mask hold it.
// `cols < K` with K of unknown alignment has no runs: 8 comparisons.
#b = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [WAVE], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @mask
  // CHECK: %[[C:.*]] = llvm.icmp "slt"
  // CHECK-NOT: llvm.icmp
  // CHECK: llvm.insertvalue %[[C]], %{{.*}}[0]
  // CHECK-COUNT-7: llvm.insertvalue %[[C]], %{{.*}}[{{[1-7]}}]
  // CHECK-COUNT-8: llvm.icmp "slt"
  // CHECK-NOT: llvm.icmp
  // CHECK-NOT: tkc_gpu.constancy
  func.func @mask(%n: i32 {tkc.divisibility = 16 : i32}, %k: i32) -> (tensor<ELEMSxi1, #b>, tensor<ELEMSxi1, #b>) {
    %cols = tkc.make_range {end = ELEMS : i32, start = 0 : i32} : tensor<ELEMSxi32, #b>
    %ns = tkc.splat %n : tensor<ELEMSxi32, #b>
    %m = arith.cmpi slt, %cols, %ns : tensor<ELEMSxi32, #b>
    %ks = tkc.splat %k : tensor<ELEMSxi32, #b>
    %m2 = arith.cmpi slt, %cols, %ks : tensor<ELEMSxi32, #b>
    return %m, %m2 : tensor<ELEMSxi1, #b>, tensor<ELEMSxi1, #b>
  }
}
