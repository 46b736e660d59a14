//===- Passes.td - Passes over the tkc_gpu dialect ---------*- tablegen -*-===//
//
// Declares the tkc_gpu dialect's passes. Each has one .cpp beside this file
// and a lit test named after its argument in ../test/.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_TRANSFORMS_PASSES_TD
#define TKC_DIALECT_TKCGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TKCGPUCoalesce : Pass<"tkc-gpu-coalesce", "::mlir::ModuleOp"> {
  let summary = "Lay out global memory accesses for wide, coalesced transfers";
  let description = [{
    For each tensor load and store, the axis analysis says along which
    dimension its pointers are contiguous and how far they are aligned. The
    pass gives the access a blocked layout in which each thread owns that
    many consecutive elements (up to 16 bytes) along that dimension, and
    consecutive lanes own consecutive groups, then converts operands and
    result to and from the access's old layout.

    ```mlir
    %v = tkc.load %p, %m : tensor<1024x!tkc.ptr<f32>, #sizePerThread1>
    // becomes, when %p is contiguous and 16-byte aligned
    %p4 = tkc_gpu.convert_layout %p : ... -> tensor<..., #sizePerThread4>
    %m4 = tkc_gpu.convert_layout %m : ...
    %v4 = tkc.load %p4, %m4 : tensor<1024x!tkc.ptr<f32>, #sizePerThread4>
    %v = tkc_gpu.convert_layout %v4 : ... -> tensor<1024xf32, #sizePerThread1>
    ```
  }];
}

def TKCGPURemoveLayoutConversions
    : Pass<"tkc-gpu-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "Remove layout conversions by recomputing cheap values";
  let description = [{
    A conversion of a value that is cheap to compute in the target layout
    (a constant, splat or range, or an elementwise op whose operands are
    all such values or conversions from the target layout) is replaced by
    that computation in the target layout. Conversions chains collapse, and
    conversions to the source's own layout disappear.

    ```mlir
    %a = tkc.splat %x : tensor<1024xi32, #A>
    %b = tkc_gpu.convert_layout %a : tensor<1024xi32, #A> -> tensor<1024xi32, #B>
    // becomes
    %b = tkc.splat %x : tensor<1024xi32, #B>
    ```
  }];
}

def TKCGPUAllocateSharedMemory
    : Pass<"tkc-gpu-allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Size the shared memory the kernel needs";
  let description = [{
    Layout conversions that cross threads go through shared memory. They
    run one after another, each fenced by barriers, so they share one
    buffer; the pass records its size in bytes as the module attribute
    `tkc_gpu.shared` (0 when nothing needs shared memory).

    ```mlir
    module {  // with a conversion of tensor<64x64xf32>
    // becomes
    module attributes {tkc_gpu.shared = 16384 : i32} {
    ```
  }];
}

#endif // TKC_DIALECT_TKCGPU_TRANSFORMS_PASSES_TD
