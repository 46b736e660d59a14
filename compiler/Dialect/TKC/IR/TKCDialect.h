//===- TKCDialect.h - The tkc dialect: types, enums and ops -----*- C++ -*-===//
//
// The public header of the tkc dialect. It declares the dialect, the
// `!tkc.ptr` type, the op enums and every tkc op (generated from ODS), plus
// the small type helpers the op definitions use.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKC_IR_TKCDIALECT_H
#define TKC_DIALECT_TKC_IR_TKCDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "compiler/Dialect/TKC/IR/TKCDialect.h.inc"
#include "compiler/Dialect/TKC/IR/TKCEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "compiler/Dialect/TKC/IR/TKCTypes.h.inc"

namespace mlir::tkc {

/// The memory that tkc loads, stores and atomics touch, for side effects.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};

/// Returns the type a pointer-like value points to: `T` for `!tkc.ptr<T>`,
/// `tensor<SxT>` for `tensor<Sx!tkc.ptr<T>>`. Any other type is returned
/// unchanged, so that verifiers report the mismatch instead of crashing.
Type getPointeeTypeLike(Type ptrLike);

/// Returns `i1` for a scalar and `tensor<Sxi1>` for a tensor of shape S.
Type getI1TypeLike(Type type);

/// Returns `elementType` in the shape of `shapeLike`: itself for a scalar,
/// `tensor<SxelementType>` for a tensor of shape S.
Type getTypeLike(Type shapeLike, Type elementType);

/// Where each dimension of `to` merges consecutive dimensions of `from`
/// (`[64, 32, 8] -> [64, 256]`), as a row-major reshape between them may:
/// the end of each one's run of `from`'s dimensions (dimension `d` of `to`
/// is `from`'s `[ends[d - 1], ends[d])`, trailing ones going to the last).
/// None where a dimension of `from` is split.
std::optional<SmallVector<unsigned>> getMergedDims(ArrayRef<int64_t> from,
                                                   ArrayRef<int64_t> to);

} // namespace mlir::tkc

#define GET_OP_CLASSES
#include "compiler/Dialect/TKC/IR/TKCOps.h.inc"

#endif // TKC_DIALECT_TKC_IR_TKCDIALECT_H
