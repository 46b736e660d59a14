//===- AST.cpp - Helpers of the Triton-language syntax tree ---------------===//
//
// Operator spellings, jit-decorator recognition, the names under which
// kernel libraries re-export Triton's modules, and function lookup.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/AST.h"

#include <limits>

namespace tkc::frontend {

std::string toString(PyInt v) {
  if (std::optional<int64_t> small = toInt64(v))
    return std::to_string(*small);
  unsigned __int128 magnitude =
      v < 0 ? 0 - static_cast<unsigned __int128>(v) : v;
  std::string digits;
  for (; magnitude; magnitude /= 10)
    digits.insert(digits.begin(), char('0' + int(magnitude % 10)));
  return (v < 0 ? "-" : "") + digits;
}

std::optional<int64_t> toInt64(PyInt v) {
  if (v < std::numeric_limits<int64_t>::min() ||
      v > std::numeric_limits<int64_t>::max())
    return std::nullopt;
  return static_cast<int64_t>(v);
}

const char *spelling(BinOp op) {
  switch (op) {
  case BinOp::Add:
    return "+";
  case BinOp::Sub:
    return "-";
  case BinOp::Mul:
    return "*";
  case BinOp::Div:
    return "/";
  case BinOp::FloorDiv:
    return "//";
  case BinOp::Mod:
    return "%";
  case BinOp::Pow:
    return "**";
  case BinOp::LShift:
    return "<<";
  case BinOp::RShift:
    return ">>";
  case BinOp::BitAnd:
    return "&";
  case BinOp::BitOr:
    return "|";
  case BinOp::BitXor:
    return "^";
  case BinOp::MatMul:
    return "@";
  }
  return "?";
}

const char *spelling(UnaryOp op) {
  switch (op) {
  case UnaryOp::Neg:
    return "-";
  case UnaryOp::Pos:
    return "+";
  case UnaryOp::Invert:
    return "~";
  case UnaryOp::Not:
    return "not";
  }
  return "?";
}

const char *spelling(CmpOp op) {
  switch (op) {
  case CmpOp::Eq:
    return "==";
  case CmpOp::NotEq:
    return "!=";
  case CmpOp::Lt:
    return "<";
  case CmpOp::LtE:
    return "<=";
  case CmpOp::Gt:
    return ">";
  case CmpOp::GtE:
    return ">=";
  case CmpOp::Is:
    return "is";
  case CmpOp::IsNot:
    return "is not";
  case CmpOp::In:
    return "in";
  case CmpOp::NotIn:
    return "not in";
  }
  return "?";
}

bool isJitDecorator(const Expr &decorator) {
  if (auto *call = llvm::dyn_cast<CallExpr>(&decorator))
    return isJitDecorator(*call->callee);
  if (auto *name = llvm::dyn_cast<NameExpr>(&decorator))
    return name->id == "jit";
  if (auto *attr = llvm::dyn_cast<AttributeExpr>(&decorator)) {
    // `@core.extern` (triton.language.core.extern) wraps a call of
    // tl.extern_elementwise; its body is inlined as a @jit helper's.
    if (attr->attr == "extern") {
      auto *base = llvm::dyn_cast<NameExpr>(attr->base.get());
      auto *baseAttr = llvm::dyn_cast<AttributeExpr>(attr->base.get());
      return (base && base->id == "core") ||
             (baseAttr && baseAttr->attr == "core");
    }
    return attr->attr == "jit";
  }
  return false;
}

std::string reexportedTritonModule(llvm::StringRef target) {
  if (target == "triton" || target.starts_with("triton."))
    return "";
  llvm::StringRef name = target.rsplit('.').second;
  if (name.empty())
    name = target;
  if (name == "triton")
    return "triton";
  if (name == "tl" || name == "language")
    return "triton.language";
  if (name == "libdevice" || name == "tldevice")
    return "triton.language.extra.libdevice";
  return "";
}

const FunctionDef *Module::findFunction(llvm::StringRef name) const {
  const FunctionDef *found = nullptr;
  for (const auto &f : functions)
    if (f->name == name)
      found = f.get(); // A later definition replaces an earlier one.
  if (found)
    return found;
  // The latest alias of `name`; its function is a `def` of this module.
  for (auto it = aliases.rbegin(); it != aliases.rend(); ++it) {
    if (it->name != name)
      continue;
    for (const auto &f : functions)
      if (f->name == it->function)
        found = f.get();
    return found;
  }
  return nullptr;
}

} // namespace tkc::frontend
