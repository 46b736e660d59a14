//===- TKCGPUAttrInterfaces.td - Layout interface ----------*- tablegen -*-===//
//
// The interface every tkc_gpu layout encoding implements: conversion to a
// LinearLayout for a given tensor shape.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_IR_TKCGPUATTRINTERFACES_TD
#define TKC_DIALECT_TKCGPU_IR_TKCGPUATTRINTERFACES_TD

include "mlir/IR/OpBase.td"

def TKCGPU_LayoutEncodingInterface : AttrInterface<"LayoutEncodingAttr"> {
  let cppNamespace = "::mlir::tkc::gpu";
  let description = [{
    A distributed layout: says which (register, lane, warp) holds each
    element of a tensor of a given shape.
  }];
  let methods = [
    InterfaceMethod<"The layout as a linear map for a tensor of `shape`.",
      "::mlir::tkc::gpu::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<"The tensor rank this layout applies to.",
      "unsigned", "getRank", (ins)>,
  ];
}

#endif // TKC_DIALECT_TKCGPU_IR_TKCGPUATTRINTERFACES_TD
