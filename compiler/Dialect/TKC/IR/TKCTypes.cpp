//===- TKCTypes.cpp - The !tkc.ptr type and type helpers ------------------===//
//
// Parsing, printing and verification of `!tkc.ptr<T[, addrspace]>`, and the
// helpers that map pointer-like types to their pointee and mask types.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tkc;

#define GET_TYPEDEF_CLASSES
#include "compiler/Dialect/TKC/IR/TKCTypes.cpp.inc"

void TKCDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "compiler/Dialect/TKC/IR/TKCTypes.cpp.inc"
      >();
}

/// Global memory; the address space printed only when it differs.
static constexpr int kDefaultAddressSpace = 1;

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = kDefaultAddressSpace;
  if (parser.parseLess() || parser.parseType(pointee))
    return {};
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<PointerType>(parser.getContext(), pointee,
                                        addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kDefaultAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType, int addressSpace) {
  if (!isa<IntegerType, FloatType, PointerType>(pointeeType))
    return emitError() << "pointee of !tkc.ptr must be an integer, float or "
                          "pointer type, got "
                       << pointeeType;
  if (addressSpace < 0)
    return emitError() << "address space of !tkc.ptr must be non-negative, got "
                       << addressSpace;
  return success();
}

Type mlir::tkc::getTypeLike(Type shapeLike, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(shapeLike))
    return RankedTensorType::get(tensor.getShape(), elementType,
                                 tensor.getEncoding());
  return elementType;
}

Type mlir::tkc::getPointeeTypeLike(Type ptrLike) {
  auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(ptrLike));
  if (!ptr)
    return ptrLike;
  return getTypeLike(ptrLike, ptr.getPointeeType());
}

Type mlir::tkc::getI1TypeLike(Type type) {
  return getTypeLike(type, IntegerType::get(type.getContext(), 1));
}

std::optional<SmallVector<unsigned>>
mlir::tkc::getMergedDims(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  SmallVector<unsigned> ends;
  unsigned e = 0;
  for (int64_t extent : to) {
    int64_t size = 1;
    while (e < from.size() && size < extent)
      size *= from[e++];
    if (size != extent)
      return std::nullopt;
    ends.push_back(e);
  }
  if (ends.empty() || llvm::any_of(from.drop_front(e),
                                   [](int64_t extent) { return extent != 1; }))
    return std::nullopt;
  ends.back() = from.size();
  return ends;
}
