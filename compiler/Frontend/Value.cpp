//===- Value.cpp - Descriptions of frontend values ------------------------===//
//
// The queries on Obj that need more than its fields: whether it is a
// compile-time value, and how diagnostics describe it.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Value.h"

namespace tkc::frontend {

using Kind = Obj::Kind;

bool Obj::isConstexpr() const {
  if (kind == Kind::Tensor || kind == Kind::BlockPtr ||
      kind == Kind::TensorDesc)
    return false;
  if (kind == Kind::Tuple)
    for (const Obj &e : elems)
      if (!e.isConstexpr())
        return false;
  return true;
}

std::string Obj::describe() const {
  switch (kind) {
  case Kind::Tensor:
    return type.isBlock() ? type.str() : "scalar " + type.str();
  case Kind::Int:
    return "constexpr int " + toString(intValue);
  case Kind::Float:
    return "constexpr float";
  case Kind::Bool:
    return intValue ? "constexpr True" : "constexpr False";
  case Kind::Str:
    return "constexpr string '" + str + "'";
  case Kind::None:
    return "None";
  case Kind::DTypeObj: {
    if (blockShape.empty())
      return "dtype " + dtype.str();
    std::string shape;
    for (int64_t extent : blockShape)
      shape += std::to_string(extent) + "x";
    if (pointerToBlock)
      return "block pointer type <" + shape + dtype.getPointee().str() + ">";
    return "block type <" + shape + dtype.str() + ">";
  }
  case Kind::Tuple:
    return "tuple of " + std::to_string(elems.size());
  case Kind::Function:
    return "function '" + function->name + "'";
  case Kind::Module:
    return "module '" + str + "'";
  case Kind::Builtin:
  case Kind::Method:
    return "builtin '" + str + "'";
  case Kind::BlockPtr:
  case Kind::TensorDesc: {
    std::string shape;
    for (int64_t extent : blockShape)
      shape += std::to_string(extent) + "x";
    return (kind == Kind::BlockPtr ? "block pointer <"
                                   : "tensor descriptor <") +
           shape + elems[0].type.elem.getPointee().str() + ">";
  }
  }
  return "?";
}

} // namespace tkc::frontend
