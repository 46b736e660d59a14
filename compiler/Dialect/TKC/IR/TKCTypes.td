//===- TKCTypes.td - Types and type constraints of tkc -----*- tablegen -*-===//
//
// Declares the `!tkc.ptr` pointer type (usable as a scalar and as a tensor
// element) and the type constraints the tkc ops are written against.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKC_IR_TKCTYPES_TD
#define TKC_DIALECT_TKC_IR_TKCTYPES_TD

include "compiler/Dialect/TKC/IR/TKCDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/CommonTypeConstraints.td"

class TKC_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TKC_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TKC_PointerType : TKC_TypeDef<"Pointer", "ptr"> {
  let summary = "Pointer to global (or another address space's) memory";
  let description = [{
    A pointer to values of `pointeeType` in `addressSpace` (1, global memory,
    by default). It is used as a scalar (`!tkc.ptr<f32>`) and as the element
    of a tensor of pointers (`tensor<128x!tkc.ptr<f16>>`). Examples:

    ```mlir
    !tkc.ptr<f32>          // global memory
    !tkc.ptr<i8, 3>        // address space 3
    !tkc.ptr<!tkc.ptr<f16>>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::mlir::Type":$pointeeType, CArg<"int", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// A scalar that a block may hold: an integer, a float or a pointer.
def TKC_Ptr : Type<CPred<"::llvm::isa<::mlir::tkc::PointerType>($_self)">,
                   "tkc pointer", "::mlir::tkc::PointerType">;
def TKC_Float : AnyTypeOf<[AnyFloat]>;
def TKC_Int : AnyTypeOf<[AnySignlessInteger]>;
def TKC_Bool : I<1>;
def TKC_Scalar : AnyTypeOf<[AnyFloat, AnySignlessInteger, TKC_Ptr],
                           "integer, float or pointer">;

// Blocks: statically shaped ranked tensors of the scalars above.
def TKC_Tensor : StaticShapeTensorOf<[AnyFloat, AnySignlessInteger, TKC_Ptr]>;
def TKC_PtrTensor : StaticShapeTensorOf<[TKC_Ptr]>;
def TKC_IntTensor : StaticShapeTensorOf<[AnySignlessInteger]>;
def TKC_FloatTensor : StaticShapeTensorOf<[AnyFloat]>;
def TKC_BoolTensor : StaticShapeTensorOf<[I1]>;

// "-like": a scalar or a block of it.
def TKC_Type : AnyTypeOf<[TKC_Scalar, TKC_Tensor], "tkc scalar or block">;
def TKC_PtrLike : AnyTypeOf<[TKC_Ptr, TKC_PtrTensor], "pointer or block of pointers">;
def TKC_IntLike : AnyTypeOf<[TKC_Int, TKC_IntTensor], "integer or block of integers">;
def TKC_FloatLike : AnyTypeOf<[TKC_Float, TKC_FloatTensor], "float or block of floats">;
def TKC_BoolLike : AnyTypeOf<[TKC_Bool, TKC_BoolTensor], "i1 or block of i1">;

#endif // TKC_DIALECT_TKC_IR_TKCTYPES_TD
