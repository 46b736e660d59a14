//===- TKCDialect.cpp - The tkc dialect -----------------------------------===//
//
// Registers the tkc types and ops, materializes folded constants as
// arith.constant, and lets the inliner move tkc ops across calls.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::tkc;

#include "compiler/Dialect/TKC/IR/TKCDialect.cpp.inc"
#include "compiler/Dialect/TKC/IR/TKCEnums.cpp.inc"

namespace {
/// Every tkc op may be inlined: none depends on its enclosing function.
struct TKCInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TKCDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/TKC/IR/TKCOps.cpp.inc"
      >();
  addInterfaces<TKCInlinerInterface>();
}

Operation *TKCDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
