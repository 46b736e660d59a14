// RUN: tkc-opt --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" %s | FileCheck %s --check-prefix=NV
// RUN: sed -e 's/threads_per_warp = 32/threads_per_warp = 64/' -e 's/threadsPerWarp = \[32\]/threadsPerWarp = [64]/' %s | tkc-opt --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s --check-prefix=AMD
// tkc.extern_elementwise becomes one call per register of the symbol the
// target's math library has for the function and element type: libdevice's
// __nv_NAMEf / __nv_NAME, ocml's __ocml_NAME_f32 / _f64 (with ocml's own
// names where they differ: normcdf is ncdf), keyed by the arguments'
// element type and returning the result's (ilogb: i32); an integer
// parameter keeps its type (ldexp's exponent). (A type the library
// lacks is reported: unsupported.mlir.) An LLVM intrinsic named in full is
// called as it is on both targets.

#l = #tkc_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // NV-DAG: llvm.func @__nv_erfinvf(f32) -> f32
  // NV-DAG: llvm.func @__nv_hypot(f64, f64) -> f64
  // NV-DAG: llvm.func @__nv_normcdff(f32) -> f32
  // NV-DAG: llvm.func @__nv_ilogbf(f32) -> i32
  // AMD-DAG: llvm.func @__ocml_ilogb_f32(f32) -> i32
  // AMD-DAG: llvm.func @__ocml_erfinv_f32(f32) -> f32
  // AMD-DAG: llvm.func @__ocml_hypot_f64(f64, f64) -> f64
  // AMD-DAG: llvm.func @__ocml_ncdf_f32(f32) -> f32
  // NV-DAG: llvm.func @__nv_ldexpf(f32, i32) -> f32
  // AMD-DAG: llvm.func @__ocml_ldexp_f32(f32, i32) -> f32
  // NV-DAG: llvm.func @llvm.floor.f32(f32) -> f32
  // AMD-DAG: llvm.func @llvm.floor.f32(f32) -> f32
  // NV-LABEL: llvm.func @calls
  // NV-COUNT-2: llvm.call @__nv_erfinvf
  // NV-COUNT-2: llvm.call @__nv_hypot
  // NV: llvm.call @__nv_normcdff
  // NV-COUNT-2: llvm.call @__nv_ilogbf({{.*}}) : (f32) -> i32
  // NV-COUNT-2: llvm.call @__nv_ldexpf({{.*}}) : (f32, i32) -> f32
  // NV-COUNT-2: llvm.call @llvm.floor.f32({{.*}}) : (f32) -> f32
  // AMD-LABEL: llvm.func @calls
  // AMD-COUNT-2: llvm.call @llvm.floor.f32({{.*}}) : (f32) -> f32
  func.func @calls(%x: tensor<64xf32, #l>, %y: tensor<64xf64, #l>, %s: f32) -> (tensor<64xf32, #l>, tensor<64xf64, #l>, f32, tensor<64xi32, #l>) {
    %a = tkc.extern_elementwise "erfinv"(%x) : tensor<64xf32, #l> -> tensor<64xf32, #l>
    %b = tkc.extern_elementwise "hypot"(%y, %y) : tensor<64xf64, #l>, tensor<64xf64, #l> -> tensor<64xf64, #l>
    %c = tkc.extern_elementwise "normcdf"(%s) : f32 -> f32
    %e = tkc.extern_elementwise "ilogb"(%x) : tensor<64xf32, #l> -> tensor<64xi32, #l>
    %m = tkc.extern_elementwise "ldexp"(%x, %e) : tensor<64xf32, #l>, tensor<64xi32, #l> -> tensor<64xf32, #l>
    %f = tkc.extern_elementwise "llvm.floor.f32"(%m) : tensor<64xf32, #l> -> tensor<64xf32, #l>
    return %f, %b, %c, %e : tensor<64xf32, #l>, tensor<64xf64, #l>, f32, tensor<64xi32, #l>
  }
}

