//===- TKCGPUOps.td - Ops of the tkc_gpu dialect ------------*- tablegen -*-===//
//
// Ops that exist only once tensors have layouts: moving a tensor from one
// layout to another.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_IR_TKCGPUOPS_TD
#define TKC_DIALECT_TKCGPU_IR_TKCGPUOPS_TD

include "compiler/Dialect/TKCGPU/IR/TKCGPUAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class TKCGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TKCGPU_Dialect, mnemonic, traits>;

def TKCGPU_ConvertLayoutOp : TKCGPU_Op<"convert_layout",
    [Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "Redistribute a tensor over the threads of the block";
  let description = [{
    Returns `src` with the layout of the result type. Lowering moves the
    elements through registers or shared memory as the two layouts need;
    tkc-gpu-remove-layout-conversions removes the conversions it can.

    ```mlir
    %1 = tkc_gpu.convert_layout %0
        : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

#endif // TKC_DIALECT_TKCGPU_IR_TKCGPUOPS_TD
