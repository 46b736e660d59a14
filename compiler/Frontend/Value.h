//===- Value.h - The frontend's compile-time object model -------*- C++ -*-===//
//
// What a name or an expression stands for while a kernel is generated
// (Obj): a runtime scalar or block, that is an MLIR value with its Triton
// type, or a compile-time object: an int, float, bool, string, None, dtype,
// tuple, @jit function, module, builtin, or a builtin bound to a block as a
// method, or a block pointer (tl.make_block_ptr). Constexprs are evaluated as
// these objects in Python semantics; only runtime values become IR. Internal to
// the frontend: only its own files include this header.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_VALUE_H
#define TKC_FRONTEND_VALUE_H

#include "compiler/Frontend/AST.h"
#include "compiler/Frontend/Types.h"

#include "mlir/IR/Value.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tkc::frontend {

/// A value during code generation: a runtime scalar/block (Tensor) or a
/// compile-time object.
struct Obj {
  enum class Kind {
    Tensor,     ///< Runtime value: `value` of type `type` (scalar or block).
    Int,        ///< Python int (constexpr).
    Float,      ///< Python float (constexpr).
    Bool,       ///< Python bool (constexpr).
    Str,        ///< Python string (constexpr).
    None,       ///< Python None.
    DTypeObj,   ///< A dtype such as tl.float16; with a `blockShape`, the
                ///< type of a block (Triton's block_type, `x.type`) of
                ///< elements `dtype`; with `pointerToBlock` too, the type of
                ///< a block pointer (`dtype` is then the pointer to its
                ///< elements, as tkc's `p.dtype` gives it).
    Tuple,      ///< Tuple or list of objects.
    Function,   ///< A @jit function.
    Module,     ///< A module such as `triton.language` (path in `str`).
    Builtin,    ///< A builtin function (name in `str`).
    Method,     ///< A builtin (name in `str`) or, when `function` is set, a
                ///< @jit function bound to `self` as its first argument.
    BlockPtr,   ///< tl.make_block_ptr's result: runtime scalars in `elems`
                ///< (base, then shape, strides and offsets per dimension),
                ///< `blockShape` and `order` known at compile time.
    TensorDesc, ///< tl.make_tensor_descriptor's result: `elems` as a
                ///< BlockPtr's without offsets, `blockShape`, and the
                ///< padding option in `str`.
  };
  Kind kind = Kind::None;
  mlir::Value value;
  TType type;
  /// Int, and Bool (0 or 1).
  PyInt intValue = 0;
  double floatValue = 0;
  std::string str;
  DType dtype;
  std::vector<Obj> elems;
  const FunctionDef *function = nullptr;
  /// Function, and a Method bound to a @jit function: the module that
  /// defines the function, whose globals its body sees.
  const Module *module = nullptr;
  std::shared_ptr<Obj> self;
  /// BlockPtr, TensorDesc: the shape of the block it loads and stores, and
  /// the order of its dimensions (fastest first; BlockPtr only). DTypeObj:
  /// the shape of a block type.
  std::vector<int64_t> blockShape, order;
  /// TensorDesc whose tensor map a launcher can encode (a `tensordesc`
  /// kernel parameter, or one made of the kernel's arguments), and the
  /// BlockPtr of one of its blocks: its name in the kernel's
  /// `tkc.tensor_descriptors` (CodeGen::recordTensorDescriptor); empty
  /// otherwise.
  std::string hostDescriptor;
  /// DTypeObj: a pointer to the block type `blockShape` of `dtype`'s
  /// pointee (the `.type` of a block pointer).
  bool pointerToBlock = false;
  /// Int, Float, Bool: a number Triton holds as a scalar tensor, because a
  /// kernel assigned it to a name without a tl.constexpr annotation (`eps =
  /// 1e-6`, `acc = 0.0`) or returned it from a @jit function. It still
  /// folds as a compile-time number here, but takes part in type promotion
  /// as the int32 or float32 value Triton's to_tensor makes of it: `x_fp16 *
  /// eps` is fp32, where `x_fp16 * 1e-6` is fp16.
  bool heldAsValue = false;
  /// Tuple: a dict display that host code evaluated (a
  /// @triton.constexpr_function's table), its elems the (key, value) pairs;
  /// subscripting looks a key up.
  bool isDict = false;

  static Obj tensor(mlir::Value v, TType t) {
    Obj o;
    o.kind = Kind::Tensor;
    o.value = v;
    o.type = std::move(t);
    return o;
  }
  static Obj integer(PyInt v) {
    Obj o;
    o.kind = Kind::Int;
    o.intValue = v;
    return o;
  }
  static Obj floating(double v) {
    Obj o;
    o.kind = Kind::Float;
    o.floatValue = v;
    return o;
  }
  static Obj boolean(bool v) {
    Obj o;
    o.kind = Kind::Bool;
    o.intValue = v;
    return o;
  }
  static Obj string(std::string s) {
    Obj o;
    o.kind = Kind::Str;
    o.str = std::move(s);
    return o;
  }
  static Obj none() { return Obj(); }
  static Obj dtypeObj(DType t) {
    Obj o;
    o.kind = Kind::DTypeObj;
    o.dtype = std::move(t);
    return o;
  }
  /// Triton's block_type of `elem` with `shape` (a dtype when `shape` is
  /// empty).
  static Obj blockTypeObj(DType elem, llvm::ArrayRef<int64_t> shape) {
    Obj o = dtypeObj(std::move(elem));
    o.blockShape.assign(shape.begin(), shape.end());
    return o;
  }
  /// True for a DTypeObj that is a block type, not a dtype.
  bool isBlockType() const {
    return kind == Kind::DTypeObj && !blockShape.empty() && !pointerToBlock;
  }
  static Obj tuple(std::vector<Obj> elems) {
    Obj o;
    o.kind = Kind::Tuple;
    o.elems = std::move(elems);
    return o;
  }
  static Obj named(Kind kind, std::string name) {
    Obj o;
    o.kind = kind;
    o.str = std::move(name);
    return o;
  }

  bool isTensor() const { return kind == Kind::Tensor; }
  /// Int, Float or Bool: a Python number.
  bool isNumber() const {
    return kind == Kind::Int || kind == Kind::Float || kind == Kind::Bool;
  }
  /// Anything but a runtime value (a tuple counts if all its parts do).
  bool isConstexpr() const;
  /// A short description for diagnostics: `constexpr int 4`, `block<128 x
  /// fp32>`, `tuple`, `function 'f'`.
  std::string describe() const;
};

} // namespace tkc::frontend

#endif // TKC_FRONTEND_VALUE_H
